import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Fragment, useCallback, useLayoutEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { openLyricsPreview } from './actions.ts';
import {
  belongsToPage,
  focusOrigins,
  SEEK_STEP,
  SEEK_STEP_LONG,
  type Shortcut,
  shortcutOf,
  steppedVolume,
} from './shortcuts.ts';
import { currentTrack, usePlayerStore } from './store.ts';

/** Acts on the player; false when there is nothing to act on, so the key keeps its usual effect. */
function run(shortcut: Shortcut, openHelp: () => void): boolean {
  const s = usePlayerStore.getState();
  if (shortcut.type === 'help') {
    openHelp();
    return true;
  }
  const track = currentTrack(s);
  if (!track) return false;
  switch (shortcut.type) {
    case 'togglePlay':
      s.togglePlay();
      break;
    case 'seekBy':
      s.seekBy(shortcut.seconds);
      break;
    case 'volumeBy':
      s.setVolume(steppedVolume(s.volume, shortcut.delta));
      break;
    case 'toggleMute':
      s.toggleMute();
      break;
    case 'next':
      s.nextTrack();
      break;
    case 'previous':
      s.previousTrack();
      break;
    case 'lyrics':
      if (s.lyricsPreviewTrack) s.setOverlay({ lyricsPreviewTrack: null });
      else openLyricsPreview(track);
      break;
  }
  return true;
}

/** Held keys repeat only where a repeat means "more" (seeking, volume). */
const REPEATS = new Set<Shortcut['type']>(['seekBy', 'volumeBy']);

/**
 * Listens for the player's keys on the whole page while mounted. A layout effect: the keys work
 * from the moment the player is on screen, not one paint later.
 */
function useShortcutKeys(toggleHelp: () => void): void {
  useLayoutEffect(() => {
    const origins = focusOrigins();
    /** Keys taken on their way down: their release is not the page's either. */
    const taken = new Set<string>();
    const onPointer = () => origins.pointer();
    const onFocus = (e: FocusEvent) => origins.focus(e.target);
    const take = (e: KeyboardEvent) => {
      // Space must not scroll the page, and the arrows must not scroll.
      e.preventDefault();
      taken.add(e.key);
    };
    // Listened to before the page's own handlers (capture): a cancelled Space is not a press of
    // the focused button, which buttons check when the key comes up.
    const onKeyDown = (e: KeyboardEvent) => {
      origins.key(e.key);
      if (e.defaultPrevented || e.isComposing) return;
      const shortcut = shortcutOf(e);
      if (!shortcut || belongsToPage(e.target, e.key, origins.tabbed(e.target))) return;
      if (e.repeat && !REPEATS.has(shortcut.type)) take(e);
      else if (run(shortcut, toggleHelp)) take(e);
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (taken.delete(e.key)) e.preventDefault();
    };
    window.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('focusin', onFocus, true);
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    return () => {
      window.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('focusin', onFocus, true);
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp, true);
    };
  }, [toggleHelp]);
}

/** The player's keys on every page (docs/player.md), and "?" for the list of them. */
export function KeyboardShortcuts() {
  const [helpOpen, setHelpOpen] = useState(false);
  const toggleHelp = useCallback(() => setHelpOpen((open) => !open), []);
  useShortcutKeys(toggleHelp);
  return <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />;
}

/** The list of keys ("?"). */
function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rows: [string[], string][] = [
    [[t('player.shortcuts.space')], t('player.shortcuts.playPause')],
    [['←', '→'], t('player.shortcuts.seek', { seconds: SEEK_STEP })],
    [['Shift', '←', '→'], t('player.shortcuts.seek', { seconds: SEEK_STEP_LONG })],
    [['↑', '↓'], t('player.shortcuts.volume')],
    [['M'], t('player.shortcuts.mute')],
    [['N'], t('player.shortcuts.next')],
    [['P'], t('player.shortcuts.previous')],
    [['L'], t('player.shortcuts.lyrics')],
    [['?'], t('player.shortcuts.help')],
  ];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      data-testid="shortcuts-help"
      aria-labelledby="shortcuts-title"
    >
      <DialogTitle id="shortcuts-title">{t('player.shortcuts.title')}</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1.25, m: 0 }}
        >
          {rows.map(([keys, what]) => (
            <Fragment key={what}>
              <Box component="dt" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                {keys.map((k) => (
                  <Box
                    key={k}
                    component="kbd"
                    sx={{
                      px: 0.75,
                      py: 0.25,
                      minWidth: 24,
                      textAlign: 'center',
                      border: 1,
                      borderColor: 'divider',
                      borderBottomWidth: 2,
                      borderRadius: 1,
                      fontFamily: 'ui-monospace, monospace',
                      fontSize: 13,
                      bgcolor: 'action.hover',
                    }}
                  >
                    {k}
                  </Box>
                ))}
              </Box>
              <Box component="dd" sx={{ m: 0, alignSelf: 'center' }}>
                {what}
              </Box>
            </Fragment>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
