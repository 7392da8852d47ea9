import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import StoreIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Work } from '@sasayaki/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { searchPath, termOf, workPath } from '../../../shared/ui/links.ts';
import { Cover } from './Cover.tsx';
import { MyReview } from './MyReview.tsx';
import { PlaylistMenu } from './PlaylistMenu.tsx';
import { QuickMarkButton } from './QuickMarkButton.tsx';
import { RatingStars } from './RatingStars.tsx';
import { PriceTag, ReviewCount, SalesCount } from './StoreFigures.tsx';
import { storeFacts } from './storeFacts.ts';
import { useContextMenu } from './useContextMenu.ts';
import { StatusChips, TagChips, VaChips } from './WorkChips.tsx';

export type CardVariant = 'detail' | 'compact' | 'list';

/**
 * The width a card's cover is shown at (WorksGrid's columns, the carousels' cards). `auto` is the
 * laid-out width where the browser knows it (lazy images in Chromium); the rest is the fallback.
 */
const COVER_SIZES: Record<Exclude<CardVariant, 'list'>, string> = {
  detail: 'auto, (max-width: 599.95px) 100vw, 300px',
  compact: 'auto, (max-width: 599.95px) 50vw, 300px',
};

const cardSx = {
  height: '100%',
  display: 'flex',
  border: 1,
  borderColor: 'divider',
  transition: 'box-shadow 200ms, transform 200ms',
  '&:hover': { boxShadow: 6 },
} as const;

/** A work in a list, in one of the three display modes (docs/product.md §2.4, §2.5). */
export function WorkCard({ work, variant = 'detail' }: { work: Work; variant?: CardVariant }) {
  const { t } = useTranslation();
  const { handlers, menu } = useContextMenu();
  // The same menu from a button, for keyboards and for touch users who do not know long presses.
  const [menuButton, setMenuButton] = useState<HTMLElement | null>(null);
  const href = workPath(work);
  const facts = storeFacts(work);

  const title = (
    <Link
      component={RouterLink}
      to={href}
      underline="hover"
      color="text.primary"
      sx={{
        fontWeight: 700,
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        lineHeight: 1.35,
      }}
      data-testid="work-title"
    >
      {work.title}
    </Link>
  );
  const circle = (
    <Link
      component={RouterLink}
      to={searchPath(termOf('circle', work.circle?.name ?? work.name))}
      underline="hover"
      variant="body2"
      color="primary"
    >
      {work.circle?.name ?? work.name}
    </Link>
  );
  const factsLine = (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 1.5,
        rowGap: 0.5,
        alignItems: 'center',
        color: 'text.secondary',
        fontSize: 13,
      }}
    >
      {work.release && <span>{t('works.card.release', { date: work.release })}</span>}
      <ReviewCount facts={facts} />
      <PriceTag facts={facts} sx={{ fontWeight: 700, color: 'text.primary' }} />
      <SalesCount facts={facts} />
      {work.source_url && (
        <Tooltip title={t('works.card.store')}>
          <IconButton
            size="small"
            component="a"
            href={work.source_url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('works.card.store')}
          >
            <StoreIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('works.playlist.addTo')}>
        <IconButton
          size="small"
          aria-label={t('works.playlist.addTo')}
          onClick={(e) => setMenuButton(e.currentTarget)}
        >
          <PlaylistAddIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <QuickMarkButton work={work} />
    </Box>
  );
  const playlistMenu = (
    <>
      <PlaylistMenu workId={work.id} {...menu} />
      {menuButton && (
        <PlaylistMenu workId={work.id} open anchorEl={menuButton} onClose={() => setMenuButton(null)} />
      )}
    </>
  );

  if (variant === 'list') {
    return (
      <Card sx={{ ...cardSx, alignItems: 'stretch' }} {...handlers} data-testid="work-card">
        <Box
          component={RouterLink}
          to={href}
          sx={{ width: { xs: 96, sm: 140 }, flexShrink: 0 }}
          tabIndex={-1}
        >
          <Cover work={work} size="sam" showCode={false} />
        </Box>
        <Box sx={{ p: 1.25, minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'ui-monospace, monospace' }}>
            {work.source_id} · {work.release}
          </Typography>
          {title}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {circle}
            <RatingStars work={work} />
          </Box>
          <MyReview work={work} clamp={2} />
        </Box>
        {playlistMenu}
      </Card>
    );
  }

  return (
    <Card sx={{ ...cardSx, flexDirection: 'column' }} {...handlers} data-testid="work-card">
      <Box component={RouterLink} to={href} tabIndex={-1} sx={{ display: 'block' }}>
        <Cover work={work} sizes={COVER_SIZES[variant]} />
      </Box>
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 0.75, flex: 1 }}>
        {title}
        {circle}
        {variant === 'detail' ? (
          <>
            <RatingStars work={work} />
            <MyReview work={work} clamp={3} />
            {factsLine}
            <StatusChips work={work} />
            <TagChips tags={work.tags} />
            <VaChips vas={work.vas} />
          </>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 'auto' }}>
            <RatingStars work={work} showCount={false} />
            <QuickMarkButton work={work} />
          </Box>
        )}
      </Box>
      {playlistMenu}
    </Card>
  );
}
