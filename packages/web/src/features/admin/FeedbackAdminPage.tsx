import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { placeholders } from '../../shared/ui/placeholders.ts';
import { FEEDBACK_PAGE_SIZE, fetchFeedback, setHandled } from './feedbackApi.ts';

/** Problem reports for administrators: newest first, paged, each linked to its work. */
function FeedbackList() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [openOnly, setOpenOnly] = useState(false);
  const q = useQuery({
    queryKey: queryKeys.console.feedback.page(page, openOnly),
    queryFn: ({ signal }) => fetchFeedback(page, openOnly, signal),
    placeholderData: keepPreviousData,
  });
  const toggle = async (id: number, handled: boolean) => {
    try {
      await setHandled(id, handled);
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.console.feedback.all });
    }
  };
  const total = q.data?.pagination.totalCount ?? 0;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        {q.data && (
          <Typography color="text.secondary">{t('admin.feedback.count', { count: total })}</Typography>
        )}
        <FormControlLabel
          control={
            <Switch
              checked={openOnly}
              onChange={(e) => {
                setOpenOnly(e.target.checked);
                setPage(1);
              }}
            />
          }
          label={t('admin.feedback.openOnly')}
        />
      </Box>
      {q.isPending &&
        placeholders(3).map((k) => <Skeleton key={k} variant="rounded" height={96} sx={{ mb: 1 }} />)}
      {q.data && total === 0 && (
        <Typography align="center" color="text.secondary" sx={{ py: 6 }}>
          {t('admin.feedback.empty')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1 }}>
        {q.data?.feedback.map((f) => (
          <Paper
            key={f.id}
            variant="outlined"
            sx={{ p: 1.5, opacity: f.handled ? 0.7 : 1 }}
            data-testid="feedback-item"
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" color="warning" label={t(`work.feedback.categories.${f.category}`)} />
              {f.work ? (
                <Link component={RouterLink} to={`/work/${f.work.id}`} sx={{ fontWeight: 700 }}>
                  {f.work.source_id || f.work.id} {f.work.title}
                </Link>
              ) : (
                <Typography color="text.secondary">{t('admin.feedback.noWork')}</Typography>
              )}
              {f.handled && <Chip size="small" color="success" label={t('admin.feedback.handled')} />}
              <Box sx={{ flex: 1 }} />
              <Button
                size="small"
                variant={f.handled ? 'text' : 'contained'}
                onClick={() => toggle(f.id, !f.handled)}
              >
                {f.handled ? t('admin.feedback.reopen') : t('admin.feedback.markHandled')}
              </Button>
            </Box>
            <Typography sx={{ my: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {f.details}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {t('admin.feedback.meta', {
                who: f.userName ?? t('admin.feedback.anonymous'),
                when: new Date(f.createdAt).toLocaleString(i18n.language),
              })}
              {f.url && ` · ${f.url}`}
            </Typography>
          </Paper>
        ))}
      </Box>
      {total > FEEDBACK_PAGE_SIZE && (
        <Pagination
          sx={{ display: 'flex', justifyContent: 'center', my: 3 }}
          count={Math.ceil(total / FEEDBACK_PAGE_SIZE)}
          page={page}
          onChange={(_, p) => setPage(p)}
        />
      )}
    </>
  );
}

/** The "Problem reports" section of the console (the console checks the viewer is an administrator). */
export function FeedbackAdminPage() {
  return <FeedbackList />;
}
