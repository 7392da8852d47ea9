/**
 * Bookmarks in the player and on the work page: the button that adds one at the current time
 * (with an optional note), the list of the current track's bookmarks in the full player, and the
 * list of a work's bookmarks. A click on a bookmark jumps to it.
 */
import BookmarkAddRounded from '@mui/icons-material/BookmarkAddRounded';
import BookmarkRounded from '@mui/icons-material/BookmarkRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Bookmark, formatClock, LISTENING_LIMITS } from '@sasayaki/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { audioTime } from './AudioController.tsx';
import {
  useAddBookmark,
  useKeepsBookmarks,
  useRemoveBookmark,
  useTrackBookmarks,
  useWorkBookmarks,
} from './bookmarks.ts';
import { currentTrack, usePlayerStore } from './store.ts';

/** Adds a bookmark to the current track at the time of the click. */
export function AddBookmarkButton() {
  const { t } = useTranslation();
  const keeps = useKeepsBookmarks();
  const track = usePlayerStore(currentTrack);
  const [at, setAt] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const add = useAddBookmark();
  if (!keeps || !track) return null;
  const close = () => {
    setAt(null);
    setNote('');
  };
  const save = () => {
    if (at === null) return;
    add.mutate(
      { track: track.hash, position: at, note },
      {
        onSuccess: () => {
          notify({ type: 'positive', message: t('player.bookmarks.added', { time: formatClock(at) }) });
          close();
        },
      },
    );
  };
  return (
    <>
      <Tooltip title={t('player.bookmarks.add')}>
        <IconButton
          aria-label={t('player.bookmarks.add')}
          data-testid="bookmark-add"
          onClick={() => setAt(Math.floor(audioTime() * 10) / 10)}
        >
          <BookmarkAddRounded />
        </IconButton>
      </Tooltip>
      <Dialog open={at !== null} onClose={close} fullWidth maxWidth="xs" data-testid="bookmark-dialog">
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <DialogTitle>{t('player.bookmarks.addAt', { time: formatClock(at) })}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {track.title}
            </Typography>
            <TextField
              autoFocus
              fullWidth
              label={t('player.bookmarks.note')}
              placeholder={t('player.bookmarks.notePlaceholder')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              slotProps={{
                htmlInput: { maxLength: LISTENING_LIMITS.bookmarkNoteMax, 'data-testid': 'bookmark-note' },
              }}
              helperText={`${note.length} / ${LISTENING_LIMITS.bookmarkNoteMax}`}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={add.isPending} data-testid="bookmark-save">
              {t('common.save')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}

function BookmarkRow({
  bookmark,
  label,
  onJump,
}: {
  bookmark: Bookmark;
  label?: string;
  onJump: (b: Bookmark) => void;
}) {
  const { t } = useTranslation();
  const remove = useRemoveBookmark();
  return (
    <ListItem
      disablePadding
      data-testid="bookmark-item"
      secondaryAction={
        <IconButton
          edge="end"
          aria-label={t('player.bookmarks.remove')}
          onClick={() => remove.mutate(bookmark)}
          disabled={remove.isPending}
        >
          <DeleteOutlineRounded fontSize="small" />
        </IconButton>
      }
    >
      <ListItemButton onClick={() => onJump(bookmark)} sx={{ gap: 1.5, pr: 6 }}>
        <BookmarkRounded fontSize="small" color="primary" />
        <Typography
          component="span"
          variant="body2"
          color="primary"
          sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 48, fontWeight: 600 }}
        >
          {formatClock(bookmark.position)}
        </Typography>
        <ListItemText
          primary={bookmark.note || label || t('player.bookmarks.noNote')}
          secondary={bookmark.note && label ? label : undefined}
          slotProps={{
            primary: { variant: 'body2', sx: { wordBreak: 'break-word' } },
            secondary: { variant: 'caption' },
          }}
        />
      </ListItemButton>
    </ListItem>
  );
}

/** The current track's bookmarks, in the full player. */
export function TrackBookmarks() {
  const { t } = useTranslation();
  const track = usePlayerStore(currentTrack);
  const seek = usePlayerStore((s) => s.seek);
  const { data = [] } = useTrackBookmarks(track?.hash);
  if (!track || data.length === 0) return null;
  return (
    <Box data-testid="track-bookmarks">
      <Typography variant="overline" color="text.secondary">
        {t('player.bookmarks.title')}
      </Typography>
      <List dense disablePadding>
        {data.map((b) => (
          <BookmarkRow key={b.id} bookmark={b} onJump={(x) => seek(x.position)} />
        ))}
      </List>
    </Box>
  );
}

/** A work's bookmarks, by track; `onJump` plays the track from the bookmark. */
export function WorkBookmarks({ workId, onJump }: { workId: number; onJump: (b: Bookmark) => void }) {
  const { t } = useTranslation();
  const { data = [] } = useWorkBookmarks(workId);
  if (data.length === 0) return null;
  return (
    <Box data-testid="work-bookmarks" sx={{ my: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 800, mb: 0.5 }}>
        {t('player.bookmarks.title')}
      </Typography>
      <List dense disablePadding>
        {data.map((b) => (
          <BookmarkRow key={b.id} bookmark={b} label={b.title} onJump={onJump} />
        ))}
      </List>
    </Box>
  );
}

/** The seek bar's marks at the current track's bookmarks. */
export function useBookmarkMarks(): { value: number }[] {
  const track = usePlayerStore(currentTrack);
  const { data = [] } = useTrackBookmarks(track?.hash);
  return data.map((b) => ({ value: b.position }));
}
