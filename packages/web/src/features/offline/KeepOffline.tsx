import DownloadDoneIcon from '@mui/icons-material/DownloadDone';
import OfflineIcon from '@mui/icons-material/OfflinePinOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type { TrackFile } from '@sasayaki/contract';
import { i18n, useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { type KeepableWork, keepWork, removeKept, useKeeping } from './keep.ts';
import { useKept } from './kept.ts';

/** Whether this browser can keep files (Cache Storage exists only on HTTPS and localhost). */
export const canKeepOffline = () => typeof caches !== 'undefined';

/** Keeps the files and says how it ended. */
export async function keepOffline(
  work: KeepableWork,
  files: readonly TrackFile[],
  whole: boolean,
): Promise<void> {
  const t = i18n.t.bind(i18n);
  if (!canKeepOffline()) {
    notify({ type: 'negative', message: t('offline.unsupported') });
    return;
  }
  const result = await keepWork(work, files, whole);
  if (result === 'kept') notify({ type: 'positive', message: t('offline.done', { title: work.title }) });
  else if (result === 'cancelled') notify({ type: 'info', message: t('offline.cancelled') });
  else notify({ type: 'negative', message: t(result === 'quota' ? 'offline.quota' : 'offline.failed') });
}

/**
 * The work page's "Keep offline": progress and Cancel while keeping; "Kept offline" with a remove
 * once kept (and "Keep the whole work" when only folders are).
 */
export function KeepOfflineButton({
  work,
  files,
}: {
  work: KeepableWork;
  files: readonly TrackFile[] | undefined;
}) {
  const { t } = useTranslation();
  const keeping = useKeeping((s) => s[work.id]);
  const kept = useKept((s) => s.works.find((w) => w.id === work.id));
  if (keeping) {
    const percent = keeping.total > 0 ? Math.min(100, Math.floor((keeping.done / keeping.total) * 100)) : 0;
    return (
      // A fixed width, so Cancel stays put while the percentage grows under the pointer aiming at it.
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, width: 280, maxWidth: '100%' }}
        data-testid="keep-offline-progress"
        data-percent={percent}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ fontSize: 13, mb: 0.5, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {t('offline.keeping', { percent })}
          </Box>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('offline.keeping', { percent })}
          />
        </Box>
        <Button size="small" onClick={keeping.cancel} data-testid="keep-offline-cancel">
          {t('offline.cancel')}
        </Button>
      </Box>
    );
  }
  if (kept)
    return (
      <>
        <Button
          variant="outlined"
          color="success"
          startIcon={<DownloadDoneIcon />}
          onClick={() => void removeKept(work.id)}
          title={t('offline.removeCopy')}
          aria-label={`${t(kept.whole ? 'offline.kept' : 'offline.keptPart')} · ${t('offline.removeCopy')}`}
          data-testid="keep-offline-kept"
        >
          {t(kept.whole ? 'offline.kept' : 'offline.keptPart')}
        </Button>
        {!kept.whole && files && (
          <Button
            variant="outlined"
            startIcon={<OfflineIcon />}
            onClick={() => void keepOffline(work, files, true)}
          >
            {t('offline.keepRest')}
          </Button>
        )}
      </>
    );
  return (
    <Button
      variant="outlined"
      startIcon={<OfflineIcon />}
      disabled={!files || files.length === 0}
      onClick={() => files && void keepOffline(work, files, true)}
      data-testid="keep-offline"
    >
      {t('offline.keep')}
    </Button>
  );
}
