import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { SectionCard } from '../kit/consoleUi.tsx';
import { fetchRoots } from '../libraries/librariesApi.ts';
import { NextScan } from '../libraries/ScheduleControl.tsx';

/** Each library root's next scheduled scan, and the environment's override when set. */
export function ScheduledScans() {
  const { t } = useTranslation();
  const roots = useQuery({ queryKey: queryKeys.console.roots, queryFn: ({ signal }) => fetchRoots(signal) });
  if (!roots.data) return null;
  const override = roots.data.scheduleOverride ?? null;
  return (
    <SectionCard title={t('admin.libraries.schedule.title')} testId="scheduled-scans">
      {override && (
        <Typography variant="body2" color="text.secondary" data-testid="schedule-override">
          {override.minutes > 0
            ? t('admin.libraries.schedule.override', { minutes: override.minutes, env: override.env })
            : t('admin.libraries.schedule.overrideOff', { env: override.env })}
        </Typography>
      )}
      {roots.data.roots.map((r) => (
        <Box key={r.id} sx={{ py: 0.75, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography sx={{ fontWeight: 700, minWidth: '8em' }}>{r.name}</Typography>
          <NextScan root={r} />
        </Box>
      ))}
    </SectionCard>
  );
}
