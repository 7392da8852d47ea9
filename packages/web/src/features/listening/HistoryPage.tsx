/**
 * /history: what the account played, by work (most recent first), each with its tracks, when and
 * how far; one track, one work (after asking) or everything (after asking) can be cleared, and
 * recording can be paused.
 */
import DeleteSweepRounded from '@mui/icons-material/DeleteSweepRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import type { HistoryWork } from '@sasayaki/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../shared/api/errors.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { EmptyState } from '../../shared/ui/EmptyState.tsx';
import {
  HISTORY_PAGE_SIZE,
  playFromHistory,
  useClearHistory,
  useHistory,
  useKeepsHistory,
  useListeningSettings,
} from './api.ts';
import { HistoryWorkCard } from './HistoryWorkCard.tsx';
import { RecordHistorySwitch } from './RecordHistorySwitch.tsx';

export function HistoryPage() {
  const { t } = useTranslation();
  const keeps = useKeepsHistory();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const history = useHistory(page);
  const settings = useListeningSettings();
  const clear = useClearHistory();
  const [confirmAll, setConfirmAll] = useState(false);
  const [confirmWork, setConfirmWork] = useState<HistoryWork['work'] | null>(null);

  if (!keeps) {
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <EmptyState title={t('listening.title')} hint={t('listening.guest')} />
      </Container>
    );
  }
  const works = history.data?.works ?? [];
  const total = history.data?.pagination.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const paused = settings.data?.recordHistory === false;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 3 } }} data-testid="history-page">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          mb: 1,
        }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('listening.title')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <RecordHistorySwitch />
          <Button
            color="error"
            startIcon={<DeleteSweepRounded />}
            disabled={total === 0}
            onClick={() => setConfirmAll(true)}
            data-testid="history-clear-all"
          >
            {t('listening.clearAll')}
          </Button>
        </Box>
      </Box>
      <Typography id="history-record-hint" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('listening.recordHint')}
      </Typography>
      {paused && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="history-paused">
          {t('listening.paused')}
        </Alert>
      )}
      {history.isPending && <LinearProgress aria-label={t('listening.loading')} />}
      {history.error && <Alert severity="error">{errorText(history.error, t)}</Alert>}
      {history.data && works.length === 0 && (
        <EmptyState
          title={t('listening.emptyTitle')}
          hint={t('listening.empty')}
          action={{ label: t('listening.browse'), to: '/works' }}
        />
      )}
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {works.map((entry) => (
          <HistoryWorkCard
            key={entry.work.id}
            entry={entry}
            onPlay={(track) => void playFromHistory(entry.work, track)}
            onRemoveTrack={(track) => clear.mutate({ track: track.track })}
            onRemoveWork={() => setConfirmWork(entry.work)}
          />
        ))}
      </Box>
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_, p) => setParams(p === 1 ? {} : { page: String(p) })}
            data-testid="history-pagination"
          />
        </Box>
      )}
      <Dialog open={confirmWork !== null} onClose={() => setConfirmWork(null)}>
        <DialogTitle>{t('listening.removeWorkTitle', { title: confirmWork?.title ?? '' })}</DialogTitle>
        <DialogContent>
          <Typography>{t('listening.removeWorkText')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmWork(null)}>{t('common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            data-testid="history-remove-work-confirm"
            onClick={() => {
              if (confirmWork) clear.mutate({ work_id: confirmWork.id });
              setConfirmWork(null);
            }}
          >
            {t('listening.remove')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={confirmAll} onClose={() => setConfirmAll(false)}>
        <DialogTitle>{t('listening.clearAllTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{t('listening.clearAllText')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmAll(false)}>{t('common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            data-testid="history-clear-all-confirm"
            onClick={() => {
              setConfirmAll(false);
              clear.mutate({ all: true }, { onSuccess: () => setParams({}) });
            }}
          >
            {t('listening.clearAll')}
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
