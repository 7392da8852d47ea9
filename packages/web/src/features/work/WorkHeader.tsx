import ProgressIcon from '@mui/icons-material/BookmarkBorder';
import DownloadIcon from '@mui/icons-material/Download';
import FeedbackIcon from '@mui/icons-material/FlagOutlined';
import PlayIcon from '@mui/icons-material/PlayArrowRounded';
import PlaylistIcon from '@mui/icons-material/PlaylistAdd';
import ReviewIcon from '@mui/icons-material/RateReviewOutlined';
import StoreIcon from '@mui/icons-material/StorefrontOutlined';
import SubtitleIcon from '@mui/icons-material/SubtitlesOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PROGRESS_VALUES, type TrackNode, type Work } from '@sasayaki/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSettings } from '../../shared/settings/store.ts';
import { clock } from '../../shared/ui/format.ts';
import { editionLanguageName } from '../../shared/ui/languageName.ts';
import { searchPath, termOf, workPath } from '../../shared/ui/links.ts';
import { isLoggedIn, openLoginDialog, useAuth } from '../account/index.ts';
import {
  Cover,
  MyReview,
  PlaylistMenu,
  PriceTag,
  RatingStars,
  ReviewCount,
  SalesCount,
  StatusChips,
  storeFacts,
  VaChips,
} from '../catalogue/index.ts';
import { playFiles, previewLyrics } from '../player/index.ts';
import { TagVotes } from './TagVotes.tsx';
import { audioFilesOf, filesOf } from './tree.ts';
import { putReview } from './workApi.ts';
import { downloadZip } from './zipDownload.ts';

const ReviewDialog = lazy(async () => ({ default: (await import('./ReviewDialog.tsx')).ReviewDialog }));
const FeedbackDialog = lazy(async () => ({ default: (await import('./FeedbackDialog.tsx')).FeedbackDialog }));

/** Everything of docs/product.md §2.6 above the file tree. */
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
  const { t, i18n } = useTranslation();
  const loggedIn = useAuth(isLoggedIn);
  const enableSubtitle = useSettings((s) => s.enableSubtitle);
  const queryClient = useQueryClient();
  const [playlistAnchor, setPlaylistAnchor] = useState<HTMLElement | null>(null);
  const [progressAnchor, setProgressAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'feedback' | null>(null);
  const audio = tree ? audioFilesOf(tree) : [];
  // Local subtitles are matched when the preview opens, so any track of such a work can show them.
  const hasLocalSubtitles = useSettings((s) => s.localSubtitledWorks.includes(work.id));
  const withLyrics =
    audio.find((f) => (f.availableLyrics?.length ?? 0) > 0) ?? (hasLocalSubtitles ? audio[0] : undefined);
  const facts = storeFacts(work);
  // The work's own fields, everyone's reviews of it and the Reviewed tab all show the review.
  const refresh = () =>
    Promise.all(
      ['work', 'work-reviews', 'reviews'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })),
    );

  const setProgress = async (progress: string | null) => {
    setProgressAnchor(null);
    try {
      await putReview({
        work_id: work.id,
        rating: work.userRating ?? null,
        review_text: work.review_text ?? null,
        progress,
      });
      void refresh();
    } catch {
      // notified by the API client
    }
  };

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
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip label={work.source_id} sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 700 }} />
          <Link
            component={RouterLink}
            to={searchPath(termOf('circle', work.circle?.name ?? work.name))}
            sx={{ fontWeight: 600 }}
          >
            {work.circle?.name ?? work.name}
          </Link>
          {work.release && (
            <Typography color="text.secondary" variant="body2">
              {t('works.card.release', { date: work.release })}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <RatingStars work={work} size="medium" />
          <ReviewCount facts={facts} sx={{ fontSize: 14, color: 'text.secondary' }} />
          {work.duration > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('work.duration', { d: clock(work.duration) })}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <PriceTag facts={facts} sx={{ fontWeight: 800, fontSize: 20 }} />
          <SalesCount facts={facts} sx={{ color: 'text.secondary' }} />
          {work.source_url && (
            <Button
              size="small"
              startIcon={<StoreIcon />}
              href={work.source_url}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('works.card.store')}
            </Button>
          )}
        </Box>
        <StatusChips work={work} />
        {work.other_language_editions_in_db?.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {t('work.otherEditions')}
            </Typography>
            {work.other_language_editions_in_db.map((e) => (
              <Chip
                key={e.id}
                component={RouterLink}
                to={workPath(e)}
                clickable
                label={editionLanguageName(e.lang, i18n.language)}
                title={`${e.title} (${e.source_id})`}
                data-testid="edition-chip"
                variant="outlined"
              />
            ))}
          </Box>
        )}
        {loggedIn && <MyReview work={work} />}
        <TagVotes work={work} />
        <VaChips vas={work.vas} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <Button
            variant="contained"
            startIcon={<PlayIcon />}
            disabled={audio.length === 0}
            onClick={() => playFiles(audio, work, 0)}
          >
            {t('player.play')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<PlaylistIcon />}
            onClick={(e) => setPlaylistAnchor(e.currentTarget)}
          >
            {t('work.playlist')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<ProgressIcon />}
            onClick={(e) => (loggedIn ? setProgressAnchor(e.currentTarget) : openLoginDialog())}
          >
            {work.progress ? t(`work.progress.${work.progress}`) : t('work.progress.label')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<ReviewIcon />}
            onClick={onWriteReview}
            data-testid="work-write-review"
          >
            {t('work.review.write')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={!tree || filesOf(tree).length === 0}
            onClick={() => void downloadZip(work, [])}
          >
            {t('work.downloadAll')}
          </Button>
          {enableSubtitle && withLyrics && (
            <Button
              variant="outlined"
              startIcon={<SubtitleIcon />}
              onClick={() => previewLyrics(withLyrics, work)}
            >
              {t('work.subtitlePreview')}
            </Button>
          )}
          <Button color="inherit" startIcon={<FeedbackIcon />} onClick={() => setDialog('feedback')}>
            {t('work.feedback.button')}
          </Button>
        </Box>
      </Box>
      <PlaylistMenu
        workId={work.id}
        open={playlistAnchor !== null}
        anchorEl={playlistAnchor}
        onClose={() => setPlaylistAnchor(null)}
      />
      <Menu anchorEl={progressAnchor} open={progressAnchor !== null} onClose={() => setProgressAnchor(null)}>
        <MenuItem onClick={() => setProgress(null)} selected={!work.progress}>
          {t('work.progress.none')}
        </MenuItem>
        {PROGRESS_VALUES.map((p) => (
          <MenuItem key={p} selected={work.progress === p} onClick={() => setProgress(p)}>
            {t(`work.progress.${p}`)}
          </MenuItem>
        ))}
      </Menu>
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
        {dialog === 'feedback' && <FeedbackDialog work={work} onClose={() => setDialog(null)} />}
      </Suspense>
    </Box>
  );
}
