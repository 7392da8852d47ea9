/**
 * Moderation: reviews (hide from everyone but the author, show again, delete) and the tags of a
 * work (remove one; later scans do not bring it back). Problem reports have their own screen.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { call } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { placeholders } from '../../../shared/ui/placeholders.ts';
import { useDebounced } from '../../../shared/ui/useDebounced.ts';
import { consoleApi, type ModeratedReview } from '../consoleApi.ts';
import { act, dateTime, Pager, SectionCard } from '../consoleUi.tsx';

type Shown = 'all' | 'visible' | 'hidden';

function ReviewItem({ r }: { r: ModeratedReview }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.console.reviews.all });
  return (
    <Paper variant="outlined" sx={{ p: 1.5, opacity: r.hidden ? 0.75 : 1 }} data-testid="moderated-review">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>{r.userName}</Typography>
        {r.rating !== null && <Rating size="small" value={r.rating} readOnly />}
        {r.hidden && <Chip size="small" color="warning" label={t('admin.moderation.hidden')} />}
        <Box sx={{ flex: 1 }} />
        <Typography variant="caption" color="text.secondary">
          {dateTime(r.updatedAt, i18n.language)}
        </Typography>
      </Box>
      <Link component={RouterLink} to={`/work/${r.workId}`} variant="body2">
        {r.workTitle ?? t('admin.moderation.noWork', { id: r.workId })}
      </Link>
      {r.text && (
        <Typography sx={{ my: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{r.text}</Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          onClick={async () => {
            const done = r.hidden ? t('admin.moderation.shownDone') : t('admin.moderation.hiddenDone');
            await act(t, () => consoleApi.hideReview(r.userId, r.workId, !r.hidden), done);
            void refresh();
          }}
        >
          {r.hidden ? t('admin.moderation.show') : t('admin.moderation.hide')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={async () => {
            if (!window.confirm(t('admin.moderation.deleteConfirm', { name: r.userName }))) return;
            await act(
              t,
              () => consoleApi.deleteReview(r.userId, r.workId),
              t('admin.moderation.deletedDone'),
            );
            void refresh();
          }}
        >
          {t('admin.moderation.delete')}
        </Button>
      </Box>
    </Paper>
  );
}

function Reviews() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [input, setInput] = useState('');
  const [shown, setShown] = useState<Shown>('all');
  const search = useDebounced(input.trim(), 300);
  const hidden = shown === 'all' ? undefined : shown === 'hidden';
  const q = useQuery({
    queryKey: queryKeys.console.reviews.page(page, search, shown),
    queryFn: ({ signal }) => consoleApi.reviews(page, search, hidden, signal),
    placeholderData: keepPreviousData,
  });
  const total = q.data?.pagination.totalCount ?? 0;
  return (
    <SectionCard title={t('admin.moderation.reviews')}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          size="small"
          type="search"
          label={t('admin.moderation.search')}
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            setPage(1);
          }}
          sx={{ flex: '1 1 220px', maxWidth: 420 }}
        />
        <TextField
          select
          size="small"
          label={t('admin.moderation.shown')}
          value={shown}
          onChange={(e) => {
            setShown(e.target.value as Shown);
            setPage(1);
          }}
          sx={{ minWidth: 160 }}
        >
          {(['all', 'visible', 'hidden'] as const).map((s) => (
            <MenuItem key={s} value={s}>
              {t(`admin.moderation.shownOptions.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {q.isPending &&
        placeholders(3).map((k) => <Skeleton key={k} variant="rounded" height={100} sx={{ mb: 1 }} />)}
      <Box sx={{ display: 'grid', gap: 1 }}>
        {q.data?.reviews.map((r) => (
          <ReviewItem key={`${r.userId}-${r.workId}`} r={r} />
        ))}
      </Box>
      {q.data && total === 0 && (
        <Typography align="center" color="text.secondary" sx={{ py: 4 }}>
          {t('admin.moderation.noReviews')}
        </Typography>
      )}
      <Pager total={total} page={page} onPage={setPage} />
    </SectionCard>
  );
}

function WorkTags() {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [workId, setWorkId] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const work = useQuery({
    queryKey: queryKeys.console.workTags.of(workId),
    queryFn: ({ signal }) => call('GET /api/work/:id', { params: { id: workId ?? '' } }, { signal }),
    enabled: workId !== null,
    retry: false,
  });
  const open = (e: FormEvent) => {
    e.preventDefault();
    if (input.trim()) setWorkId(input.trim());
  };
  return (
    <SectionCard title={t('admin.moderation.tags')}>
      <Box component="form" onSubmit={open} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          size="small"
          label={t('admin.moderation.workId')}
          placeholder="RJ01234567"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          sx={{ flex: '1 1 200px', maxWidth: 300 }}
        />
        <Button type="submit" variant="outlined">
          {t('admin.moderation.openWork')}
        </Button>
      </Box>
      {work.isError && <Typography color="error">{t('admin.moderation.workNotFound')}</Typography>}
      {work.data && (
        <>
          <Typography sx={{ fontWeight: 700, mb: 1 }}>{work.data.title}</Typography>
          {work.data.tags.length === 0 && (
            <Typography color="text.secondary">{t('admin.moderation.noTags')}</Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="work-tags">
            {work.data.tags.map((tag) => (
              <Chip
                key={tag.id}
                label={tag.name}
                onDelete={async () => {
                  if (!window.confirm(t('admin.moderation.removeTagConfirm', { tag: tag.name }))) return;
                  const id = work.data.id;
                  await act(t, () => consoleApi.removeWorkTag(id, tag.id), t('admin.moderation.tagRemoved'));
                  void queryClient.invalidateQueries({ queryKey: queryKeys.console.workTags.all });
                }}
              />
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('admin.moderation.tagsHelp')}
          </Typography>
        </>
      )}
    </SectionCard>
  );
}

export function ModerationSection() {
  return (
    <>
      <Reviews />
      <WorkTags />
    </>
  );
}
