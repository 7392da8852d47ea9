/** Health: version and uptime, the database, the library, the caches (with a purge), ffmpeg and recent errors. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { formatBytes } from '../../../shared/ui/format.ts';
import { placeholders } from '../../../shared/ui/placeholders.ts';
import { consoleApi, type HealthReport } from '../consoleApi.ts';
import { dateTime, SectionCard } from '../kit/consoleUi.tsx';
import { useConsoleAction } from '../kit/useConsoleAction.ts';
import { BackupsSection } from './BackupsSection.tsx';
import { ScheduledScans } from './ScheduledScans.tsx';

function Facts({ rows }: { rows: [ReactNode, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(8em, max-content) 1fr',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {rows.map(([k, v], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of facts
        <Box key={i} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function uptime(seconds: number): { d: number; h: number; m: number } {
  return {
    d: Math.floor(seconds / 86_400),
    h: Math.floor((seconds % 86_400) / 3600),
    m: Math.floor((seconds % 3600) / 60),
  };
}

export function HealthSection() {
  const { t, i18n } = useTranslation();
  const q = useQuery({
    queryKey: queryKeys.console.health,
    queryFn: ({ signal }) => consoleApi.health(signal),
    refetchInterval: 30_000,
  });
  const purge = useConsoleAction({
    run: (cache: HealthReport['caches'][number]['name']) => consoleApi.purgeCache(cache),
    invalidates: [queryKeys.console.health],
    done: () => t('admin.health.purged'),
  });
  const h = q.data;
  if (!h) {
    return (
      <SectionCard>
        {placeholders(5).map((k) => (
          <Skeleton key={k} height={32} />
        ))}
      </SectionCard>
    );
  }
  const n = (v: number) => v.toLocaleString(i18n.language);
  return (
    <>
      <SectionCard title={t('admin.health.server')}>
        <Facts
          rows={[
            [t('admin.health.version'), h.version],
            [t('admin.health.uptime'), t('admin.health.uptimeValue', uptime(h.uptimeSeconds))],
            [t('admin.health.started'), dateTime(h.startedAt, i18n.language)],
            ['Node.js', h.node],
            [
              'ffmpeg',
              <Chip
                key="ffmpeg"
                size="small"
                color={h.ffmpeg.present ? 'success' : 'warning'}
                label={
                  h.ffmpeg.present
                    ? t('admin.health.ffmpegOk', { path: h.ffmpeg.path })
                    : t('admin.health.ffmpegMissing')
                }
              />,
            ],
          ]}
        />
      </SectionCard>
      <SectionCard title={t('admin.health.database')}>
        <Facts
          rows={[
            [t('admin.health.dialect'), h.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'],
            [t('admin.health.size'), formatBytes(h.database.bytes)],
            [
              t('admin.health.migrations'),
              t('admin.health.migrationsValue', {
                count: h.database.migrations.length,
                last: h.database.migrations.at(-1)?.name ?? '—',
              }),
            ],
          ]}
        />
      </SectionCard>
      <SectionCard title={t('admin.health.library')}>
        <Facts
          rows={[
            [t('admin.health.roots'), n(h.library.roots)],
            [t('admin.health.works'), n(h.library.works)],
            [t('admin.health.files'), n(h.library.files)],
            [
              t('admin.health.hours'),
              t('admin.health.hoursValue', { hours: h.library.hours.toLocaleString(i18n.language) }),
            ],
            [t('admin.health.disk'), formatBytes(h.library.bytes)],
          ]}
        />
      </SectionCard>
      <ScheduledScans />
      <BackupsSection />
      <SectionCard title={t('admin.health.caches')}>
        {h.caches.map((c) => (
          <Box
            key={c.name}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 0.75 }}
            data-testid={`cache-${c.name}`}
          >
            <Typography sx={{ fontWeight: 700, minWidth: '8em' }}>
              {t(`admin.health.cache.${c.name}`)}
            </Typography>
            <Typography color="text.secondary" sx={{ flex: 1 }}>
              {t('admin.health.cacheValue', { count: c.files, size: formatBytes(c.bytes) })}
            </Typography>
            <Button
              size="small"
              variant="outlined"
              disabled={c.files === 0 || purge.isPending}
              onClick={() => purge.mutate(c.name)}
            >
              {t('admin.health.purge')}
            </Button>
          </Box>
        ))}
      </SectionCard>
      <SectionCard title={t('admin.health.errors')} testId="recent-errors">
        {h.errors.length === 0 && (
          <Typography color="text.secondary">{t('admin.health.noErrors')}</Typography>
        )}
        {h.errors.map((e) => (
          <Box key={`${e.at}-${e.url}-${e.message}`} sx={{ py: 0.75, borderTop: 1, borderColor: 'divider' }}>
            <Typography variant="caption" color="text.secondary">
              {dateTime(e.at, i18n.language)}
              {e.status !== null && ` · ${e.status}`}
              {e.url && ` · ${e.method} ${e.url}`}
            </Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
              {e.message}
            </Typography>
          </Box>
        ))}
      </SectionCard>
    </>
  );
}
