import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { parseWorkIdParam } from '@sasayaki/contract';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ApiError, errorText } from '../../shared/api/errors.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { isLoggedIn, openLoginDialog, useAuth } from '../account/index.ts';
import { WorkCarousel } from '../catalogue/index.ts';
import { folderAudioOf, playFiles, WorkBookmarks } from '../player/index.ts';
import { FileTree } from './FileTree.tsx';
import { WorkHeader } from './header/WorkHeader.tsx';
import { CommunitySubtitles } from './SubtitleContribute.tsx';
import { WorkReviews } from './WorkReviews.tsx';
import { useSimilarWorks, useTracks, useWork } from './workApi.ts';

/** /work/{id}, /work/RJ…, /work/{id}/{sourceType}/{sourceId} (docs/product.md §2.2, §2.6). */
export function WorkPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const id = parseWorkIdParam(params.id ?? '');
  const { work, error, pending } = useWork(id);
  const tracks = useTracks(id);
  const showSimilar = useSettings((s) => s.showSimilarWorksAtWorkDetail);
  const similar = useSimilarWorks(id, showSimilar && !!work);
  const loggedIn = useAuth(isLoggedIn);
  const [reviewing, setReviewing] = useState(false);
  const writeReview = () => (loggedIn ? setReviewing(true) : openLoginDialog());

  useEffect(() => {
    // A 404 answer on a page goes to the not-found route (docs/product.md §2.2).
    if (error instanceof ApiError && error.status === 404) navigate('/404', { replace: true });
  }, [error, navigate]);

  if (id === null) return <Navigate to="/404" replace />;
  const similarWorks = similar.data?.works.filter((w) => w.id !== id) ?? [];

  return (
    <Container maxWidth="lg" sx={{ py: 2 }}>
      {error && !(error instanceof ApiError && error.status === 404) && (
        <Alert severity="error">{errorText(error, t)}</Alert>
      )}
      {pending || !work ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '420px 1fr' }, mb: 3 }}>
          <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
          <Box>
            <Skeleton height={48} />
            <Skeleton width="40%" />
            <Skeleton width="60%" />
            <Skeleton height={120} />
          </Box>
        </Box>
      ) : (
        <WorkHeader
          work={work}
          tree={tracks.data}
          reviewing={reviewing}
          onWriteReview={writeReview}
          onReviewClosed={() => setReviewing(false)}
        />
      )}
      {tracks.error && !(tracks.error instanceof ApiError && tracks.error.status === 404) ? (
        <Alert severity="error">{errorText(tracks.error, t)}</Alert>
      ) : (
        work && <FileTree work={work} tree={tracks.isPending ? undefined : (tracks.data ?? [])} />
      )}
      {work && tracks.data && <CommunitySubtitles work={work} tree={tracks.data} />}
      {work && tracks.data && (
        <WorkBookmarks
          workId={work.id}
          onJump={(b) => {
            const found = folderAudioOf(tracks.data, b.track);
            if (found) playFiles(found.files, work, found.index, b.position);
          }}
        />
      )}
      {work && <WorkReviews workId={work.id} onWrite={writeReview} />}
      {showSimilar && similarWorks.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <WorkCarousel title={t('works.similar')} works={similarWorks} />
        </Box>
      )}
    </Container>
  );
}
