/**
 * The console's texts in Chinese (each `i18n/zh-CN.ts` under `features/admin/`): a chunk of
 * their own, loaded with the console's screens (app/bundles.ts), so no other visit downloads them.
 */
import type { Messages } from '../../shared/i18n/types.ts';

export const texts: readonly Messages[] = Object.values(
  import.meta.glob<Messages>('../../features/admin/**/i18n/zh-CN.ts', { eager: true, import: 'messages' }),
);
