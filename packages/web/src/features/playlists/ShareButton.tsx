import ShareIcon from '@mui/icons-material/Share';
import Button from '@mui/material/Button';
import { useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { playlistPath } from './PlaylistCard.tsx';

/** The playlist's full address on this site. */
export const shareLinkOf = (id: string) => new URL(playlistPath(id), window.location.origin).href;

/**
 * Copies the link of an unlisted or public playlist. Without the Clipboard API (a page not on
 * https or localhost) the link is shown in the notice to copy by hand.
 */
export function ShareButton({ id }: { id: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    const link = shareLinkOf(id);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      notify({ type: 'positive', message: t('playlists.share.copied'), timeout: 2000 });
    } catch {
      notify({ type: 'info', message: t('playlists.share.copyByHand', { link }), timeout: 10000 });
    }
  };
  return (
    <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => void copy()} data-testid="share-link">
      {t('playlists.share.button')}
    </Button>
  );
}
