/**
 * Every text of the interface in English: one chunk, loaded only while the interface is in
 * English (app/bundles.ts). It gathers each part's `i18n/en.ts`, but the
 * console's (console-en.ts, loaded with the console).
 */
import type { Messages } from '../../shared/i18n/types.ts';

export const texts: readonly Messages[] = Object.values(
  import.meta.glob<Messages>(['../../**/i18n/**/en.ts', '!../../features/admin/**'], {
    eager: true,
    import: 'messages',
  }),
);
