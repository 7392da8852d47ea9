import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

/** One section of the administrator's console: its path under `/admin`, nav entry and screen. */
export interface ConsoleSection {
  /** The path under `/admin`, e.g. `libraries` for `/admin/libraries`. */
  path: string;
  /** The i18n key of its title (nav entry and heading). */
  title: string;
  Icon: ComponentType<SvgIconProps>;
  Screen: ComponentType;
}
