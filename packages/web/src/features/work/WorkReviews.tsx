import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { EmptyState } from '../../shared/ui/EmptyState.tsx';
import { usePageClamp } from '../catalogue/index.ts';
import { useWorkReviews, WORK_REVIEWS_PAGE_SIZE } from './workApi.ts';

/** What listeners said about the work: ratings and texts, newest first, paged. */
export function WorkReviews({ workId, onWrite }: { workId: number; onWrite: () => void }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useWorkReviews(workId, page);
  // Offline the query waits for the network: say so instead of a skeleton for ever.
  const offline = q.isPending && q.fetchStatus === 'paused';
  const total = q.data?.pagination.totalCount ?? 0;
  usePageClamp(
    page,
    WORK_REVIEWS_PAGE_SIZE,
    q.isPlaceholderData ? undefined : q.data?.pagination.totalCount,
    setPage,
  );
  return (
    <Box component="section" aria-labelledby="work-reviews-title" sx={{ mb: 3 }}>
      <Typography id="work-reviews-title" variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
        {t('work.reviews.title', { count: total })}
      </Typography>
      {offline && (
        <Typography color="text.secondary" data-testid="work-reviews-offline">
          {t('work.reviews.offline')}
        </Typography>
      )}
      {q.isPending && !offline && <Skeleton variant="rounded" height={72} />}
      {q.data && total === 0 && (
        <EmptyState
          compact
          testId="work-reviews-empty"
          hint={t('work.reviews.none')}
          action={{ label: t('work.review.write'), onClick: onWrite }}
        />
      )}
      <Box sx={{ display: 'grid', gap: 1 }}>
        {q.data?.reviews.map((r) => (
          <Paper
            key={`${r.userName}-${r.updatedAt}`}
            variant="outlined"
            sx={{ p: 1.5 }}
            data-testid="work-review"
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700 }}>{r.userName}</Typography>
              {r.mine && <Chip size="small" color="secondary" label={t('work.reviews.mine')} />}
              {r.rating !== null && (
                <Rating
                  value={r.rating}
                  readOnly
                  size="small"
                  aria-label={t('works.myReview.rating', { count: r.rating })}
                />
              )}
              <Typography variant="caption" color="text.secondary">
                {new Date(r.updatedAt).toLocaleDateString(i18n.language)}
              </Typography>
            </Box>
            {r.review_text && (
              <Typography sx={{ mt: 0.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {r.review_text}
              </Typography>
            )}
          </Paper>
        ))}
      </Box>
      {total > WORK_REVIEWS_PAGE_SIZE && (
        <Pagination
          sx={{ display: 'flex', justifyContent: 'center', mt: 1.5 }}
          count={Math.ceil(total / WORK_REVIEWS_PAGE_SIZE)}
          page={page}
          onChange={(_, p) => setPage(p)}
        />
      )}
    </Box>
  );
}
