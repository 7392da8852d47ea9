/**
 * Moderation: reviews (hide from everyone but the author, show again, delete) and the tags of a
 * work (remove one; later scans do not bring it back). Problem reports have their own screen.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { call } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { CONSOLE_PAGE_SIZE, consoleApi, type ModeratedReview } from '../consoleApi.ts';
import { ConsoleFilters } from '../kit/ConsoleFilters.tsx';
import { ConsoleList } from '../kit/ConsoleList.tsx';
import { dateTime, SectionCard } from '../kit/consoleUi.tsx';
import { oneOf } from '../kit/listFilters.ts';
import { useConsoleAction } from '../kit/useConsoleAction.ts';
import { useConsoleList } from '../kit/useConsoleList.ts';

const SHOWN = ['all', 'visible', 'hidden'] as const;

/** Every action here changes the reviews' list. */
const useReviewAction = <V,>(run: (v: V) => Promise<unknown>, done: (v: V) => string) =>
  useConsoleAction({ run, invalidates: [queryKeys.console.reviews], done });

function ReviewItem({ r }: { r: ModeratedReview }) {
  const { t, i18n } = useTranslation();
  const key = { userId: r.userId, workId: r.workId };
  const hide = useReviewAction(
    (hidden: boolean) => consoleApi.hideReview({ ...key, hidden }),
    (hidden) => t(hidden ? 'admin.moderation.hiddenDone' : 'admin.moderation.shownDone'),
  );
  const remove = useReviewAction(
    () => consoleApi.deleteReview(key),
    () => t('admin.moderation.deletedDone'),
  );
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
          disabled={hide.isPending}
          onClick={() => hide.mutate(!r.hidden)}
        >
          {r.hidden ? t('admin.moderation.show') : t('admin.moderation.hide')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(t('admin.moderation.deleteConfirm', { name: r.userName }))) remove.mutate();
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
  const list = useConsoleList({
    family: queryKeys.console.reviews,
    filters: { shown: oneOf(SHOWN, 'all') },
    pageSize: CONSOLE_PAGE_SIZE,
    fetch: ({ page, pageSize, q, filters: { shown } }, signal) =>
      consoleApi.reviews(
        { page, pageSize, q, hidden: shown === 'all' ? undefined : shown === 'hidden' },
        signal,
      ),
    rows: (answer) => answer.reviews,
  });
  return (
    <SectionCard title={t('admin.moderation.reviews')}>
      <ConsoleFilters
        list={list}
        search={t('admin.moderation.search')}
        controls={[
          {
            kind: 'select',
            name: 'shown',
            label: t('admin.moderation.shown'),
            options: SHOWN.map((s) => ({ value: s, label: t(`admin.moderation.shownOptions.${s}`) })),
          },
        ]}
      />
      <ConsoleList
        list={list}
        rowKey={(r) => `${r.userId}-${r.workId}`}
        empty={t('admin.moderation.noReviews')}
        placeholder={{ count: 3, height: 100 }}
      >
        {(r) => <ReviewItem r={r} />}
      </ConsoleList>
    </SectionCard>
  );
}

function WorkTags() {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [workId, setWorkId] = useState<string | null>(null);
  const work = useQuery({
    queryKey: queryKeys.console.workTags.of(workId),
    queryFn: ({ signal }) => call('GET /api/work/:id', { params: { id: workId ?? '' } }, { signal }),
    enabled: workId !== null,
    retry: false,
  });
  const removeTag = useConsoleAction({
    run: ({ workId, tagId }: { workId: number; tagId: number }) => consoleApi.removeWorkTag(workId, tagId),
    invalidates: [queryKeys.console.workTags.all],
    done: () => t('admin.moderation.tagRemoved'),
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
                disabled={removeTag.isPending}
                onDelete={() => {
                  if (window.confirm(t('admin.moderation.removeTagConfirm', { tag: tag.name }))) {
                    removeTag.mutate({ workId: work.data.id, tagId: tag.id });
                  }
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
