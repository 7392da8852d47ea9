import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TrackNode, Work } from '@sasayaki/contract';
import { lazy, Suspense } from 'react';
import { isLoggedIn, useAuth } from '../../account/index.ts';
import { Cover, MyReview, StatusChips, VaChips } from '../../catalogue/index.ts';
import { TagVotes } from '../TagVotes.tsx';
import { useReviewRefresh } from './useReviewRefresh.ts';
import { WorkActions } from './WorkActions.tsx';
import { CodeAndCircle, OtherEditions, PriceAndStore, RatingAndLength } from './WorkFacts.tsx';

const ReviewDialog = lazy(async () => ({ default: (await import('../ReviewDialog.tsx')).ReviewDialog }));

/** Everything of docs/product.md §2.6 above the file tree: the cover, and beside it facts and actions. */
export function WorkHeader({
  work,
  tree,
  reviewing,
  onWriteReview,
  onReviewClosed,
}: {
  work: Work;
  tree: TrackNode[] | undefined;
  /** The review dialog is open; the page owns it, since the empty reviews list opens it too. */
  reviewing: boolean;
  onWriteReview: () => void;
  onReviewClosed: () => void;
}) {
  const loggedIn = useAuth(isLoggedIn);
  const refresh = useReviewRefresh();

  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: { xs: '1fr', md: '420px 1fr' },
        mb: 3,
      }}
    >
      <Paper elevation={0} sx={{ overflow: 'hidden', border: 1, borderColor: 'divider', alignSelf: 'start' }}>
        <Cover work={work} />
      </Paper>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, minWidth: 0 }}>
        <Typography
          variant="h5"
          component="h1"
          sx={{ fontWeight: 800, lineHeight: 1.3 }}
          data-testid="work-heading"
        >
          {work.title}
        </Typography>
        <CodeAndCircle work={work} />
        <RatingAndLength work={work} />
        <PriceAndStore work={work} />
        <StatusChips work={work} />
        <OtherEditions work={work} />
        {loggedIn && <MyReview work={work} />}
        <TagVotes work={work} />
        <VaChips vas={work.vas} />
        <WorkActions work={work} tree={tree} onWriteReview={onWriteReview} />
      </Box>
      <Suspense fallback={null}>
        {reviewing && (
          <ReviewDialog
            work={work}
            onClose={(changed) => {
              onReviewClosed();
              if (changed) void refresh();
            }}
          />
        )}
      </Suspense>
    </Box>
  );
}
