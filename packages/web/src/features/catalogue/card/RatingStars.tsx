import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Work } from '@sasayaki/contract';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { ratingOf } from './storeFacts.ts';
import { Unknown } from './Unknown.tsx';

type Props = {
  work: Pick<Work, 'rate_average_2dp' | 'rate_count' | 'rate_count_detail'>;
  size?: 'small' | 'medium';
  /** The number of ratings next to the stars (the tooltip always has it). */
  showCount?: boolean;
};

/** Stars with a tooltip of the per-star counts, the average and the number of ratings. */
export function RatingStars({ work, size = 'small', showCount = true }: Props) {
  const { t } = useTranslation();
  const rating = ratingOf(work);
  if (!rating) {
    return (
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} data-testid="rating">
        <Rating value={null} readOnly size={size} sx={{ opacity: 0.4 }} aria-hidden />
        <Unknown label={t('works.card.unknown.rating')} sx={{ fontWeight: 600, fontSize: 14 }} />
      </Box>
    );
  }
  const detail = [...(work.rate_count_detail ?? [])].sort((a, b) => b.review_point - a.review_point);
  const tip = (
    <Box sx={{ p: 0.5 }}>
      {detail.map((d) => (
        <Box key={d.review_point} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 160 }}>
          <span style={{ width: 84 }}>
            {t('works.card.ratingTooltip', { star: d.review_point, n: d.count, ratio: d.ratio })}
          </span>
          <Box sx={{ flex: 1, height: 6, borderRadius: 3, bgcolor: 'rgba(255,255,255,0.2)' }}>
            <Box sx={{ width: `${d.ratio}%`, height: '100%', borderRadius: 3, bgcolor: '#ffb400' }} />
          </Box>
        </Box>
      ))}
      <div>{t('works.card.rating', { avg: rating.average.toFixed(2), count: rating.count })}</div>
    </Box>
  );
  return (
    <Tooltip title={tip} arrow enterTouchDelay={0}>
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} tabIndex={0} data-testid="rating">
        <Rating value={work.rate_average_2dp} precision={0.1} readOnly size={size} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {work.rate_average_2dp.toFixed(2)}
        </Typography>
        {showCount && (
          <Typography variant="body2" color="text.secondary">
            ({work.rate_count})
          </Typography>
        )}
      </Box>
    </Tooltip>
  );
}
