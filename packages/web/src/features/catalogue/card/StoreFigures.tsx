import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { formatYen } from '../../../shared/ui/format.ts';
import type { StoreFacts } from './storeFacts.ts';
import { Unknown } from './Unknown.tsx';

type Props = { facts: StoreFacts; sx?: SxProps<Theme> };

/** The store's review count, or "—". */
export function ReviewCount({ facts, sx }: Props) {
  const { t } = useTranslation();
  return facts.reviews === null ? (
    <Unknown label={t('works.card.unknown.reviews')} text={t('works.card.unknownText.reviews')} sx={sx} />
  ) : (
    <Box component="span" sx={sx}>
      {t('works.card.reviews', { count: facts.reviews })}
    </Box>
  );
}

/** The price in JPY, or "—". */
export function PriceTag({ facts, sx }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="span" sx={sx} data-testid="price">
      {facts.price === null ? (
        <Unknown label={t('works.card.unknown.price')} />
      ) : (
        formatYen(facts.price, i18n.language)
      )}
    </Box>
  );
}

/** Sales (RJ works only), or "—". */
export function SalesCount({ facts, sx }: Props) {
  const { t } = useTranslation();
  if (facts.sales === undefined) return null;
  return facts.sales === null ? (
    <Unknown label={t('works.card.unknown.sales')} text={t('works.card.unknownText.sales')} sx={sx} />
  ) : (
    <Box component="span" sx={sx}>
      {t('works.card.sales', { count: facts.sales })}
    </Box>
  );
}
