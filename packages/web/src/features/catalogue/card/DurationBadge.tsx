import Box from '@mui/material/Box';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { durationBadge } from '../../../shared/ui/format.ts';

/** Total audio duration; grey under 30 minutes (docs/product.md §9). */
export function DurationBadge({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  if (!seconds) return null;
  const { text, short } = durationBadge(seconds);
  return (
    <Box
      component="span"
      title={t('works.card.durationTitle')}
      data-testid="duration-badge"
      data-short={short ? 'true' : 'false'}
      sx={{
        px: 0.75,
        py: 0.25,
        borderRadius: 1,
        fontSize: 12,
        fontWeight: 700,
        color: '#fff',
        bgcolor: short ? 'rgba(90,90,90,0.85)' : 'rgba(106,79,214,0.92)',
      }}
    >
      {text}
    </Box>
  );
}
