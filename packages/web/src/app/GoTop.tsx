import UpIcon from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import { useEffect, useState } from 'react';
import { useTranslation } from '../shared/i18n/index.ts';

/**
 * The go-to-top button, shown after 150 px of scroll (docs/product.md §9). It sits 16 px above the
 * footer (`footerHeight`: the player bar, and the lyrics bar when one is shown), never over them.
 */
export function GoTop({ footerHeight }: { footerHeight: number }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > 150);
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <Zoom in={shown}>
      <Fab
        size="small"
        color="primary"
        aria-label={t('app.goTop')}
        data-testid="go-top"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{
          position: 'fixed',
          right: 16,
          bottom: footerHeight > 0 ? footerHeight + 16 : 'calc(16px + env(safe-area-inset-bottom))',
          transition: 'bottom 150ms',
          zIndex: 1100,
        }}
      >
        <UpIcon />
      </Fab>
    </Zoom>
  );
}
