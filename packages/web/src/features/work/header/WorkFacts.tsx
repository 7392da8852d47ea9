/** The lines of facts beside a work's cover, each a wrapping row. */
import StoreIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Work } from '@sasayaki/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { clock } from '../../../shared/ui/format.ts';
import { editionLanguageName } from '../../../shared/ui/languageName.ts';
import { searchPath, termOf, workPath } from '../../../shared/ui/links.ts';
import { PriceTag, RatingStars, ReviewCount, SalesCount, storeFacts } from '../../catalogue/index.ts';
import { useWorkReviews } from '../workApi.ts';

function Row({ gap, children }: { gap: number; children: ReactNode }) {
  return <Box sx={{ display: 'flex', gap, alignItems: 'center', flexWrap: 'wrap' }}>{children}</Box>;
}

/** The work code, the circle (a search for its works) and the release date. */
export function CodeAndCircle({ work }: { work: Work }) {
  const { t } = useTranslation();
  const circle = work.circle?.name ?? work.name;
  return (
    <Row gap={1}>
      <Chip label={work.source_id} sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 700 }} />
      <Link component={RouterLink} to={searchPath(termOf('circle', circle))} sx={{ fontWeight: 600 }}>
        {circle}
      </Link>
      {work.release && (
        <Typography color="text.secondary" variant="body2">
          {t('works.card.release', { date: work.release })}
        </Typography>
      )}
    </Row>
  );
}

/**
 * The rating, the number of reviews and the total length of the audio. A work the store counts
 * reviews for shows the store's figure, beside its price and sales; one without (no store data, or
 * none written there) counts the reviews written here, as the section below does, so the header
 * follows a saved review instead of saying 0 above it.
 */
export function RatingAndLength({ work }: { work: Work }) {
  const { t } = useTranslation();
  const store = storeFacts(work);
  const written = useWorkReviews(work.id).data?.pagination.totalCount;
  const facts = store.reviews || written === undefined ? store : { ...store, reviews: written };
  return (
    <Row gap={2}>
      <RatingStars work={work} size="medium" />
      <ReviewCount facts={facts} sx={{ fontSize: 14, color: 'text.secondary' }} />
      {work.duration > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('work.duration', { d: clock(work.duration) })}
        </Typography>
      )}
    </Row>
  );
}

/** The price, the sales and the link to the store's page. */
export function PriceAndStore({ work }: { work: Work }) {
  const { t } = useTranslation();
  const facts = storeFacts(work);
  return (
    <Row gap={2}>
      <PriceTag facts={facts} sx={{ fontWeight: 800, fontSize: 20 }} />
      <SalesCount facts={facts} sx={{ color: 'text.secondary' }} />
      {work.source_url && (
        <Button
          size="small"
          startIcon={<StoreIcon />}
          href={work.source_url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('works.card.store')}
        </Button>
      )}
    </Row>
  );
}

/** Links to the work's editions in other languages, named by their language; nothing without any. */
export function OtherEditions({ work }: { work: Work }) {
  const { t, i18n } = useTranslation();
  if (!(work.other_language_editions_in_db?.length > 0)) return null;
  return (
    <Row gap={1}>
      <Typography variant="body2" color="text.secondary">
        {t('work.otherEditions')}
      </Typography>
      {work.other_language_editions_in_db.map((e) => (
        <Chip
          key={e.id}
          component={RouterLink}
          to={workPath(e)}
          clickable
          label={editionLanguageName(e.lang, i18n.language) || e.source_id}
          title={`${e.title} (${e.source_id})`}
          data-testid="edition-chip"
          variant="outlined"
        />
      ))}
    </Row>
  );
}
