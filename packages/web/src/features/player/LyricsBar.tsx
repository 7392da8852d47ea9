import PictureInPictureAltRounded from '@mui/icons-material/PictureInPictureAltRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { documentPip, openPipWindow } from './pip.ts';
import { currentTrack, usePlayerStore } from './store.ts';
import { useCurrentLine } from './useAudioTime.ts';

/**
 * Footer line of the current lyric (docs/product.md §2.1). In the `pip` display mode a floating window can
 * carry the line instead, where the browser offers Document Picture-in-Picture; otherwise, and
 * until that window is opened, the line stays in the page. Nothing while the queue is empty or
 * the track has no lyric in use.
 */
export function LyricsBar() {
  const { t } = useTranslation();
  const track = usePlayerStore((s) => currentTrack(s));
  const lines = usePlayerStore((s) => s.lrcLines);
  const offset = usePlayerStore((s) => s.subtitleOffset);
  const setOverlay = usePlayerStore((s) => s.setOverlay);
  const mode = useSettings((s) => s.subtitleDisplayMode);
  const [pipWindow, setPipWindow] = useState<Window | null>(null);
  const active = track !== undefined && lines.length > 0;
  const index = useCurrentLine(lines, offset, active, true);
  const line = lines[index] ?? null;
  const pipWanted = mode === 'pip' && documentPip() !== null;

  useEffect(() => {
    if (!pipWindow) return;
    const closed = () => setPipWindow(null);
    pipWindow.addEventListener('pagehide', closed);
    return () => pipWindow.removeEventListener('pagehide', closed);
  }, [pipWindow]);
  useEffect(() => {
    if ((!pipWanted || !active) && pipWindow) pipWindow.close();
  }, [pipWanted, active, pipWindow]);

  if (!active || !track) return null;
  const text = line?.text ?? '';
  return (
    <Box
      data-testid="lyrics-bar"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        minHeight: 40,
        bgcolor: (th) => (th.palette.mode === 'dark' ? 'rgba(18,18,18,0.82)' : 'rgba(255,255,255,0.86)'),
        backdropFilter: 'blur(10px)',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <ButtonBase
        onClick={() => setOverlay({ lyricsPreviewTrack: track })}
        sx={{ flex: 1, minWidth: 0, justifyContent: 'center', py: 0.75, borderRadius: 1 }}
      >
        <Typography
          data-testid="lyrics-bar-line"
          data-line-index={line ? index : -1}
          variant="body2"
          color="primary"
          sx={{
            fontWeight: 600,
            textAlign: 'center',
            whiteSpace: 'pre-line',
            lineHeight: 1.4,
            // A long line wraps (anywhere, for text without spaces) and shows at most three rows.
            overflowWrap: 'anywhere',
            minWidth: 0,
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: 3,
            overflow: 'hidden',
          }}
        >
          {pipWindow ? '' : text || '\u00a0'}
        </Typography>
      </ButtonBase>
      {pipWanted && (
        <Tooltip title={t('player.lyricsView.pip')}>
          <IconButton
            size="small"
            aria-label={t('player.lyricsView.pip')}
            color={pipWindow ? 'primary' : 'default'}
            onClick={() => {
              if (pipWindow) pipWindow.close();
              else openPipWindow().then(setPipWindow, () => setPipWindow(null));
            }}
          >
            <PictureInPictureAltRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {pipWindow && createPortal(<div data-testid="lyrics-pip-line">{text}</div>, pipWindow.document.body)}
    </Box>
  );
}
