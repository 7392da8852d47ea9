/**
 * Every text of the interface in Simplified Chinese: one chunk, loaded only while the interface is in
 * Simplified Chinese (app/bundles.ts). It gathers each part's `i18n/zh-CN.ts`, but the
 * console's (console-zh-CN.ts, loaded with the console).
 */
import type { Messages } from '../../shared/i18n/types.ts';

export const texts: readonly Messages[] = Object.values(
  import.meta.glob<Messages>(['../../**/i18n/**/zh-CN.ts', '!../../features/admin/**'], {
    eager: true,
    import: 'messages',
  }),
);
