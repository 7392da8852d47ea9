import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import ClearAllRounded from '@mui/icons-material/ClearAllRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import EqualizerRounded from '@mui/icons-material/EqualizerRounded';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatClock } from '@sasayaki/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { Cover } from './Cover.tsx';
import { usePlayerStore } from './store.ts';

/** The play queue (docs/product.md §2.1): play any entry, reorder by dragging or with up/down, remove. */
export function QueueView() {
  const { t } = useTranslation();
  const open = usePlayerStore((s) => s.queueOpen);
  const queue = usePlayerStore((s) => s.queue);
  const queueIndex = usePlayerStore((s) => s.queueIndex);
  const playing = usePlayerStore((s) => s.playing);
  const { setTrack, moveInQueue, removeFromQueue, clearQueue, setOverlay } = usePlayerStore.getState();
  const wide = useMediaQuery('(min-width: 600px)', { noSsr: true });
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const close = () => setOverlay({ queueOpen: false });

  return (
    <Drawer
      anchor={wide ? 'right' : 'bottom'}
      open={open}
      onClose={close}
      slotProps={{
        paper: {
          sx: wide
            ? { width: 420, maxWidth: '100vw' }
            : { height: '75vh', borderTopLeftRadius: 16, borderTopRightRadius: 16 },
        },
      }}
      sx={{ zIndex: (th) => th.zIndex.modal + 1 }}
    >
      <Box data-testid="queue-view" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="h6" sx={{ flex: 1 }}>
            {t('player.queueView.title', { n: queue.length })}
          </Typography>
          <Tooltip title={t('player.queueView.clear')}>
            <span>
              <IconButton
                aria-label={t('player.queueView.clear')}
                onClick={clearQueue}
                disabled={queue.length === 0}
              >
                <ClearAllRounded />
              </IconButton>
            </span>
          </Tooltip>
          <IconButton aria-label={t('common.close')} onClick={close}>
            <CloseRounded />
          </IconButton>
        </Box>
        {queue.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            {t('player.queueView.empty')}
          </Typography>
        ) : (
          <List dense sx={{ flex: 1, overflowY: 'auto', py: 0 }}>
            {queue.map((track, i) => {
              const current = i === queueIndex;
              return (
                <ListItem
                  key={track.queueKey ?? track.hash}
                  disablePadding
                  data-testid="queue-item"
                  data-current={current}
                  draggable
                  onDragStart={(e) => {
                    setDragFrom(i);
                    e.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragOver={(e) => {
                    if (dragFrom === null) return;
                    e.preventDefault();
                    setDragOver(i);
                  }}
                  onDrop={(e) => {
                    e.preventDefault();
                    if (dragFrom !== null) moveInQueue(dragFrom, i);
                    setDragFrom(null);
                    setDragOver(null);
                  }}
                  onDragEnd={() => {
                    setDragFrom(null);
                    setDragOver(null);
                  }}
                  sx={{
                    borderTop: 2,
                    borderColor:
                      dragOver === i && dragFrom !== null && dragFrom !== i ? 'primary.main' : 'transparent',
                    opacity: dragFrom === i ? 0.5 : 1,
                  }}
                  secondaryAction={
                    <Box sx={{ display: 'flex' }}>
                      <IconButton
                        size="small"
                        aria-label={t('player.queueView.moveUp')}
                        disabled={i === 0}
                        onClick={() => moveInQueue(i, i - 1)}
                      >
                        <ArrowUpwardRounded fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        aria-label={t('player.queueView.moveDown')}
                        disabled={i === queue.length - 1}
                        onClick={() => moveInQueue(i, i + 1)}
                      >
                        <ArrowDownwardRounded fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        aria-label={t('player.queueView.remove')}
                        onClick={() => removeFromQueue(i)}
                      >
                        <DeleteOutlineRounded fontSize="small" />
                      </IconButton>
                    </Box>
                  }
                >
                  <ListItemButton
                    selected={current}
                    onClick={() => setTrack(i)}
                    sx={{ pr: '136px !important', gap: 1.5 }}
                  >
                    <DragIndicatorRounded
                      fontSize="small"
                      sx={{ color: 'text.disabled', cursor: 'grab', display: { xs: 'none', sm: 'block' } }}
                    />
                    <Box sx={{ position: 'relative' }}>
                      <Cover track={track} size={40} radius={1} />
                      {current && (
                        <Box
                          sx={{
                            position: 'absolute',
                            inset: 0,
                            display: 'grid',
                            placeItems: 'center',
                            bgcolor: 'rgba(0,0,0,0.45)',
                            borderRadius: 1,
                            color: '#fff',
                          }}
                          aria-label={t('player.queueView.nowPlaying')}
                        >
                          <EqualizerRounded fontSize="small" sx={{ opacity: playing ? 1 : 0.6 }} />
                        </Box>
                      )}
                    </Box>
                    <Box sx={{ minWidth: 0, flex: 1 }}>
                      <Typography
                        variant="body2"
                        noWrap
                        color={current ? 'primary' : 'text.primary'}
                        sx={{ fontWeight: current ? 700 : 400 }}
                      >
                        {track.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" noWrap component="div">
                        {formatClock(track.duration)} · {track.workTitle}
                      </Typography>
                    </Box>
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </Box>
    </Drawer>
  );
}
