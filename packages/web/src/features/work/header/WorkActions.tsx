import DownloadIcon from '@mui/icons-material/Download';
import FeedbackIcon from '@mui/icons-material/FlagOutlined';
import PlayIcon from '@mui/icons-material/PlayArrowRounded';
import PlaylistIcon from '@mui/icons-material/PlaylistAdd';
import ReviewIcon from '@mui/icons-material/RateReviewOutlined';
import SubtitleIcon from '@mui/icons-material/SubtitlesOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TrackFile, TrackNode, Work } from '@sasayaki/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { useSettings } from '../../../shared/settings/store.ts';
import { PlaylistMenu } from '../../catalogue/index.ts';
import { KeepOfflineButton } from '../../offline/index.ts';
import { playFiles, previewLyrics } from '../../player/index.ts';
import { audioFilesOf, filesOf } from '../tree.ts';
import { downloadZip } from '../zipDownload.ts';
import { ProgressButton } from './ProgressButton.tsx';

const FeedbackDialog = lazy(async () => ({
  default: (await import('../FeedbackDialog.tsx')).FeedbackDialog,
}));

/** The track the subtitle preview opens: the first with lyrics, else any of a work with local subtitles. */
function useTrackToPreview(work: Work, audio: TrackFile[]): TrackFile | undefined {
  // Local subtitles are matched when the preview opens, so any track of such a work can show them.
  const hasLocalSubtitles = useSettings((s) => s.localSubtitledWorks.includes(work.id));
  return (
    audio.find((f) => (f.availableLyrics?.length ?? 0) > 0) ?? (hasLocalSubtitles ? audio[0] : undefined)
  );
}

/** What can be done with a work: play, add to a playlist, progress, review, download, preview, report. */
export function WorkActions({
  work,
  tree,
  onWriteReview,
}: {
  work: Work;
  tree: TrackNode[] | undefined;
  onWriteReview: () => void;
}) {
  const { t } = useTranslation();
  const enableSubtitle = useSettings((s) => s.enableSubtitle);
  const [playlistAnchor, setPlaylistAnchor] = useState<HTMLElement | null>(null);
  const [reporting, setReporting] = useState(false);
  const audio = tree ? audioFilesOf(tree) : [];
  const withLyrics = useTrackToPreview(work, audio);

  return (
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
      <ProgressButton work={work} />
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
      <KeepOfflineButton work={work} files={tree ? filesOf(tree) : undefined} />
      {enableSubtitle && withLyrics && (
        <Button
          variant="outlined"
          startIcon={<SubtitleIcon />}
          onClick={() => previewLyrics(withLyrics, work)}
        >
          {t('work.subtitlePreview')}
        </Button>
      )}
      <Button color="inherit" startIcon={<FeedbackIcon />} onClick={() => setReporting(true)}>
        {t('work.feedback.button')}
      </Button>
      <PlaylistMenu
        workId={work.id}
        open={playlistAnchor !== null}
        anchorEl={playlistAnchor}
        onClose={() => setPlaylistAnchor(null)}
      />
      <Suspense fallback={null}>
        {reporting && <FeedbackDialog work={work} onClose={() => setReporting(false)} />}
      </Suspense>
    </Box>
  );
}
