import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';

/** My playlists | Discover: the two playlist screens, one tab each. */
export function PlaylistTabs({ current }: { current: 'mine' | 'discover' }) {
  const { t } = useTranslation();
  return (
    <Tabs value={current} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Tab value="mine" label={t('playlists.tabs.mine')} component={Link} to="/playlists" />
      <Tab value="discover" label={t('playlists.tabs.discover')} component={Link} to="/playlists/discover" />
    </Tabs>
  );
}
