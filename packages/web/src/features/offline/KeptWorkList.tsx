import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { formatBytes } from '../../shared/ui/format.ts';
import type { KeptWork } from './kept.ts';

interface Props {
  works: readonly KeptWork[];
  /** Each row's test id. */
  rowTestId: string;
  /** What ends a work's row (Settings' remove). */
  action?: (work: KeptWork) => ReactNode;
}

/**
 * The kept works as Settings and the offline state list them: a work's cover and title open it,
 * under them its size, when it was kept and whether only some folders are.
 */
export function KeptWorkList({ works, rowTestId, action }: Props) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {works.map((w) => (
        <KeptWorkRow key={w.id} work={w} testId={rowTestId} action={action?.(w)} />
      ))}
    </Box>
  );
}

function KeptWorkRow({ work, action, testId }: { work: KeptWork; action?: ReactNode; testId: string }) {
  const { t, i18n } = useTranslation();
  const keptAt = new Date(work.keptAt).toLocaleDateString(i18n.language);
  return (
    <Box component="li" data-testid={testId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
      <Box
        component={Link}
        to={`/work/${work.id}`}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          minWidth: 0,
          flex: 1,
          color: 'text.primary',
          textDecoration: 'none',
        }}
      >
        <Box
          component="img"
          src={work.cover}
          alt=""
          sx={{
            width: 48,
            height: 48,
            borderRadius: 1,
            objectFit: 'cover',
            bgcolor: 'action.hover',
            flexShrink: 0,
          }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {work.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="kept-work-size">
            {formatBytes(work.bytes)} · {t('offline.keptAt', { date: keptAt })}
            {work.whole ? '' : ` · ${t('offline.partly')}`}
          </Typography>
        </Box>
      </Box>
      {action}
    </Box>
  );
}
