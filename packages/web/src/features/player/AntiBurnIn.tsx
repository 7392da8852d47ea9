import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { usePlayerStore } from './store.ts';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'pointerdown'] as const;
/** How often the hint moves, so that no pixel shows the same thing for long. */
const HINT_MOVE_MS = 4000;

/** Keep screen on (Wake Lock API) while playing with the setting on. */
function useWakeLock(wanted: boolean): void {
  useEffect(() => {
    if (!wanted || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible' || lock) return;
      navigator.wakeLock.request('screen').then(
        (l) => {
          if (stopped) void l.release();
          else {
            lock = l;
            l.addEventListener('release', () => {
              lock = null;
            });
          }
        },
        () => {
          // refused (battery saver, no permission): the screen may sleep
        },
      );
    };
    acquire();
    // the browser releases the lock when the tab is hidden: take it again on return
    document.addEventListener('visibilitychange', acquire);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release();
    };
  }, [wanted]);
}

/**
 * Anti burn-in (docs/product.md §4): while playing with keep-screen-on and anti burn-in both on, after
 * `antiBurnInIdleSeconds` without mouse, key or touch, a black overlay with a moving hint;
 * any activity hides it.
 */
export function AntiBurnIn() {
  const { t } = useTranslation();
  const playing = usePlayerStore((s) => s.playing);
  const keepScreenOn = useSettings((s) => s.keepScreenOn);
  const enabled = useSettings((s) => s.enableAntiScreenBurnin);
  const idleSeconds = useSettings((s) => s.antiBurnInIdleSeconds);
  const armed = playing && keepScreenOn && enabled;
  const lastActivity = useRef(Date.now());
  const [shown, setShown] = useState(false);
  const [spot, setSpot] = useState({ x: 50, y: 50 });
  useWakeLock(playing && keepScreenOn);

  useEffect(() => {
    const onActivity = () => {
      lastActivity.current = Date.now();
      setShown(false);
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true });
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity);
    };
  }, []);

  useEffect(() => {
    if (!armed) {
      setShown(false);
      return;
    }
    const id = window.setInterval(() => {
      if (Date.now() - lastActivity.current >= idleSeconds * 1000) setShown(true);
    }, 500);
    return () => window.clearInterval(id);
  }, [armed, idleSeconds]);

  useEffect(() => {
    if (!shown) return;
    const move = () => setSpot({ x: 15 + Math.random() * 70, y: 15 + Math.random() * 70 });
    move();
    const id = window.setInterval(move, HINT_MOVE_MS);
    return () => window.clearInterval(id);
  }, [shown]);

  if (!shown) return null;
  return (
    <Box
      data-testid="anti-burn-in"
      sx={{
        position: 'fixed',
        inset: 0,
        bgcolor: '#000',
        zIndex: (th) => th.zIndex.tooltip + 10,
        cursor: 'none',
      }}
    >
      <Typography
        sx={{
          position: 'absolute',
          left: `${spot.x}%`,
          top: `${spot.y}%`,
          transform: 'translate(-50%, -50%)',
          transition: `left ${HINT_MOVE_MS}ms linear, top ${HINT_MOVE_MS}ms linear`,
          color: 'rgba(255,255,255,0.35)',
          maxWidth: 'min(80vw, 420px)',
          textAlign: 'center',
          fontSize: 14,
        }}
      >
        {t('player.antiBurnIn.hint')}
      </Typography>
    </Box>
  );
}
