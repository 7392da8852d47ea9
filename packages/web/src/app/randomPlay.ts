import { audioFilesOf } from '../features/work/index.ts';
import { call } from '../shared/api/client.ts';
import { i18n } from '../shared/i18n/index.ts';
import { notify } from '../shared/notify/store.ts';
import { loadPlayer } from './playerBridge.ts';

/** The drawer's random play: one random work (order betterRandom), all its audio from the start. */
export async function randomPlay(): Promise<void> {
  const list = await call('GET /api/works', { query: { order: 'betterRandom', page: 1, pageSize: 1 } });
  const work = list.works[0];
  const files = work
    ? audioFilesOf(await call('GET /api/tracks/:id', { params: { id: String(work.id) }, query: { v: '1' } }))
    : [];
  if (!work || files.length === 0) {
    notify({ type: 'warning', message: i18n.t('app.randomPlayFailed') });
    return;
  }
  (await loadPlayer()).playFiles(files, work, 0);
}
