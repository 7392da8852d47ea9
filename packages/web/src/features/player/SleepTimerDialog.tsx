import BedtimeRounded from '@mui/icons-material/BedtimeRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { nextTimeOfDay, timeOfDay } from './sleepStorage.ts';
import { usePlayerStore } from './store.ts';

/** Quick adds of the sleep timer dialog, in minutes. */
export const SLEEP_QUICK_ADDS = [10, 30, 60] as const;

/** Sleep timer (docs/product.md §2.8, §4): a time of day, quick adds, set and clear. */
export function SleepTimerDialog() {
  const { t } = useTranslation();
  const open = usePlayerStore((s) => s.sleepDialogOpen);
  const sleepTime = usePlayerStore((s) => s.sleepTime);
  const sleepMode = usePlayerStore((s) => s.sleepMode);
  const setSleep = usePlayerStore((s) => s.setSleep);
  const clearSleep = usePlayerStore((s) => s.clearSleep);
  const setOverlay = usePlayerStore((s) => s.setOverlay);
  const [value, setValue] = useState('');

  useEffect(() => {
    if (open) setValue(sleepMode && sleepTime !== null ? timeOfDay(sleepTime) : '');
  }, [open, sleepMode, sleepTime]);

  const close = () => setOverlay({ sleepDialogOpen: false });
  const target = nextTimeOfDay(value, new Date());
  const addMinutes = (minutes: number) => {
    const base = target ?? Date.now();
    setValue(timeOfDay(base + minutes * 60_000));
  };
  const apply = () => {
    if (target === null) return;
    setSleep(target);
    notify({ type: 'positive', message: t('player.sleepNotice.set', { time: timeOfDay(target) }) });
    close();
  };
  const clear = () => {
    clearSleep();
    notify({ type: 'positive', message: t('player.sleepNotice.cleared') });
    close();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" data-testid="sleep-dialog">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <BedtimeRounded color="primary" />
        {t('player.sleepDialog.title')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity={sleepMode ? 'info' : 'success'} icon={false}>
            {sleepMode && sleepTime !== null
              ? t('player.sleepDialog.active', { time: timeOfDay(sleepTime) })
              : t('player.sleepDialog.inactive')}
          </Alert>
          <TextField
            type="time"
            label={t('player.sleepDialog.time')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { step: 1, 'data-testid': 'sleep-time-input' },
            }}
            error={value !== '' && target === null}
            helperText={value !== '' && target === null ? t('player.sleepDialog.invalid') : ' '}
            fullWidth
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            {SLEEP_QUICK_ADDS.map((m) => (
              <Button key={m} variant="outlined" size="small" sx={{ flex: 1 }} onClick={() => addMinutes(m)}>
                {t('player.sleepDialog.add', { minutes: m })}
              </Button>
            ))}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="error" onClick={clear} disabled={!sleepMode} data-testid="sleep-clear">
          {t('player.sleepDialog.clear')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={apply} disabled={target === null} data-testid="sleep-set">
          {t('player.sleepDialog.set')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
