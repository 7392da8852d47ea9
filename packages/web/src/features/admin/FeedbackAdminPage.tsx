/** The console's "Problem reports": newest first, paged, each linked to its work, marked handled or reopened. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { FEEDBACK_PAGE_SIZE, type FeedbackItem, fetchFeedback, setHandled } from './feedbackApi.ts';
import { ConsoleFilters } from './kit/ConsoleFilters.tsx';
import { ConsoleList } from './kit/ConsoleList.tsx';
import { SectionCard } from './kit/consoleUi.tsx';
import { onOff } from './kit/listFilters.ts';
import { useConsoleAction } from './kit/useConsoleAction.ts';
import { useConsoleList } from './kit/useConsoleList.ts';

function FeedbackRow({ f }: { f: FeedbackItem }) {
  const { t, i18n } = useTranslation();
  const handle = useConsoleAction({
    run: (handled: boolean) => setHandled({ id: f.id, handled }),
    invalidates: [queryKeys.console.feedback],
  });
  return (
    <Paper variant="outlined" sx={{ p: 1.5, opacity: f.handled ? 0.7 : 1 }} data-testid="feedback-item">
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
          disabled={handle.isPending}
          onClick={() => handle.mutate(!f.handled)}
        >
          {f.handled ? t('admin.feedback.reopen') : t('admin.feedback.markHandled')}
        </Button>
      </Box>
      <Typography sx={{ my: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{f.details}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {t('admin.feedback.meta', {
          who: f.userName ?? t('admin.feedback.anonymous'),
          when: new Date(f.createdAt).toLocaleString(i18n.language),
        })}
        {f.url && ` · ${f.url}`}
      </Typography>
    </Paper>
  );
}

/** The "Problem reports" section of the console (the console checks the viewer is an administrator). */
export function FeedbackAdminPage() {
  const { t } = useTranslation();
  const list = useConsoleList({
    family: queryKeys.console.feedback,
    filters: { open: onOff },
    pageSize: FEEDBACK_PAGE_SIZE,
    fetch: ({ page, pageSize, filters }, signal) =>
      fetchFeedback({ page, pageSize, open: filters.open || undefined }, signal),
    rows: (answer) => answer.feedback,
  });
  return (
    <SectionCard>
      <ConsoleFilters
        list={list}
        controls={[{ kind: 'switch', name: 'open', label: t('admin.feedback.openOnly') }]}
        count={(n) => t('admin.feedback.count', { count: n })}
      />
      <ConsoleList list={list} rowKey={(f) => f.id} empty={t('admin.feedback.empty')}>
        {(f) => <FeedbackRow f={f} />}
      </ConsoleList>
    </SectionCard>
  );
}
