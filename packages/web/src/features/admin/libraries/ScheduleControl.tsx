import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SCAN_SCHEDULE_MODES } from '@sasayaki/contract';
import { useState } from 'react';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { dateTime } from '../kit/consoleUi.tsx';
import { useConsoleAction } from '../kit/useConsoleAction.ts';
import { type LibraryRoot, type ScanSchedule, setSchedule } from './librariesApi.ts';

const DEFAULT: ScanSchedule = { mode: 'default', hours: null, dailyAt: null };

/** When the server next scans a root by itself, in words. */
export function NextScan({ root }: { root: LibraryRoot }) {
  const { t, i18n } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" data-testid="next-scan">
      {root.nextScanAt
        ? t('admin.libraries.schedule.next', { when: dateTime(root.nextScanAt, i18n.language) })
        : t('admin.libraries.schedule.none')}
    </Typography>
  );
}

/**
 * A root's scan schedule: off, the server's default interval, every N hours or daily at a time;
 * read-only while SASAYAKI_RESCAN_MINUTES overrides every schedule.
 */
export function ScheduleControl({
  root,
  override,
}: {
  root: LibraryRoot;
  override: { env: string; minutes: number } | null;
}) {
  const { t } = useTranslation();
  const saved = root.schedule ?? DEFAULT;
  const [draft, setDraft] = useState<ScanSchedule>(saved);
  const save = useConsoleAction({
    run: (s: ScanSchedule) => setSchedule(root.id, s),
    invalidates: [queryKeys.console.roots],
    done: () => t('admin.libraries.schedule.saved'),
  });
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  return (
    <Box sx={{ mt: 1 }} data-testid="scan-schedule">
      {override ? (
        <Typography variant="body2" color="text.secondary" data-testid="schedule-override">
          {override.minutes > 0
            ? t('admin.libraries.schedule.override', { minutes: override.minutes, env: override.env })
            : t('admin.libraries.schedule.overrideOff', { env: override.env })}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('admin.libraries.schedule.label')}
            value={draft.mode}
            onChange={(e) => {
              const mode = e.target.value as ScanSchedule['mode'];
              setDraft({
                mode,
                hours: mode === 'hours' ? (draft.hours ?? 24) : null,
                dailyAt: mode === 'daily' ? (draft.dailyAt ?? '03:00') : null,
              });
            }}
            sx={{ minWidth: 200 }}
          >
            {SCAN_SCHEDULE_MODES.map((m) => (
              <MenuItem key={m} value={m}>
                {t(`admin.libraries.schedule.mode.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          {draft.mode === 'hours' && (
            <TextField
              size="small"
              type="number"
              label={t('admin.libraries.schedule.hours')}
              value={draft.hours ?? ''}
              slotProps={{ htmlInput: { min: 1, max: 168 } }}
              onChange={(e) =>
                setDraft({ ...draft, hours: Math.max(1, Math.min(168, Number(e.target.value) || 1)) })
              }
              sx={{ width: 120 }}
            />
          )}
          {draft.mode === 'daily' && (
            <TextField
              size="small"
              type="time"
              label={t('admin.libraries.schedule.at')}
              value={draft.dailyAt ?? ''}
              onChange={(e) => setDraft({ ...draft, dailyAt: e.target.value || '03:00' })}
              sx={{ width: 140 }}
            />
          )}
          {changed && (
            <Button
              size="small"
              variant="contained"
              disabled={save.isPending}
              onClick={() => save.mutate(draft)}
            >
              {t('admin.libraries.schedule.save')}
            </Button>
          )}
        </Box>
      )}
      <NextScan root={root} />
    </Box>
  );
}
