import useMediaQuery from '@mui/material/useMediaQuery';
import type { DarkMode } from '../shared/settings/schema.ts';
import { useSettings } from '../shared/settings/store.ts';

/** Tri-state order of the drawer toggle. */
export const NEXT_DARK_MODE: Record<DarkMode, DarkMode> = {
  system: 'enabled',
  enabled: 'disabled',
  disabled: 'system',
};

export function useIsDark(): boolean {
  const mode = useSettings((s) => s.darkMode);
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  return mode === 'enabled' || (mode === 'system' && systemDark);
}
