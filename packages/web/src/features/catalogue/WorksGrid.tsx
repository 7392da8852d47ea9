import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import type { Work } from '@sasayaki/contract';
import { placeholders } from '../../shared/ui/placeholders.ts';
import { type CardVariant, WorkCard } from './card/WorkCard.tsx';

const COLUMNS: Record<CardVariant, object> = {
  detail: { gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' } },
  compact: {
    gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(190px, 1fr))' },
  },
  list: { gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } },
};

/** Works in the chosen display mode; skeletons of the same shape while the first page loads. */
export function WorksGrid({
  works,
  mode,
  loading,
  skeletons = 8,
}: {
  works: Work[];
  mode: CardVariant;
  loading?: boolean;
  skeletons?: number;
}) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, ...COLUMNS[mode] }}
      data-testid="works-grid"
      aria-busy={loading ? 'true' : 'false'}
    >
      {loading && works.length === 0
        ? placeholders(skeletons).map((k) => <CardSkeleton key={k} mode={mode} />)
        : works.map((w) => <WorkCard key={w.id} work={w} variant={mode} />)}
    </Box>
  );
}

function CardSkeleton({ mode }: { mode: CardVariant }) {
  if (mode === 'list') {
    return (
      <Card sx={{ display: 'flex', border: 1, borderColor: 'divider' }}>
        <Skeleton
          variant="rectangular"
          sx={{ width: { xs: 96, sm: 140 }, aspectRatio: '4 / 3', height: 'auto' }}
        />
        <Box sx={{ p: 1.25, flex: 1 }}>
          <Skeleton width="40%" />
          <Skeleton />
          <Skeleton width="60%" />
        </Box>
      </Card>
    );
  }
  return (
    <Card sx={{ border: 1, borderColor: 'divider' }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
      <Box sx={{ p: 1.5 }}>
        <Skeleton />
        <Skeleton width="50%" />
        {mode === 'detail' && <Skeleton height={80} />}
      </Box>
    </Card>
  );
}
