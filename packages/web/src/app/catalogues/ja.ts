/**
 * Every text of the interface in Japanese: one chunk, loaded only while the interface is in
 * Japanese (app/bundles.ts). It gathers each part's `i18n/ja.ts`, but the
 * console's (console-ja.ts, loaded with the console).
 */
import type { Messages } from '../../shared/i18n/types.ts';

export const texts: readonly Messages[] = Object.values(
  import.meta.glob<Messages>(['../../**/i18n/**/ja.ts', '!../../features/admin/**'], {
    eager: true,
    import: 'messages',
  }),
);
