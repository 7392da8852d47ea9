import ConsoleIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import SleepIcon from '@mui/icons-material/Bedtime';
import SystemIcon from '@mui/icons-material/BrightnessAuto';
import DarkIcon from '@mui/icons-material/DarkMode';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import CircleIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import AboutIcon from '@mui/icons-material/InfoOutlined';
import LibraryIcon from '@mui/icons-material/LibraryMusic';
import LightIcon from '@mui/icons-material/LightMode';
import TagIcon from '@mui/icons-material/LocalOffer';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PlaylistIcon from '@mui/icons-material/QueueMusic';
import VaIcon from '@mui/icons-material/RecordVoiceOver';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { type ReactNode, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { isAdmin, isLoggedIn, logout, openLoginDialog, useAuth } from '../features/account/index.ts';
import { useTranslation } from '../shared/i18n/index.ts';
import { useSettings } from '../shared/settings/store.ts';
import { NEXT_DARK_MODE } from './darkMode.ts';
import { loadPlayer } from './playerBridge.ts';
import { randomPlay } from './randomPlay.ts';

export const DRAWER_WIDTH = 230;

interface Props {
  open: boolean;
  /** Push mode on a wide screen: the drawer sits beside the page instead of over it. */
  push: boolean;
  onClose: () => void;
}

export function SideDrawer({ open, push, onClose }: Props) {
  const { t } = useTranslation();
  const loggedIn = useAuth(isLoggedIn);
  const admin = useAuth(isAdmin);
  const userName = useAuth((s) => s.user?.name ?? '');
  const darkMode = useSettings((s) => s.darkMode);
  const set = useSettings((s) => s.set);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const { pathname } = useLocation();

  const closeIfOverlay = () => !push && onClose();
  // An action over the page drawer (a dialog, random play) runs once the drawer has slid away.
  // A dialog opened while the drawer was still closing could be left aria-hidden by the UI kit's
  // stack of modals: on screen, but no dialog to a screen reader (the e2e login tests found none,
  // about once in 60 tries under load).
  const afterClose = useRef<(() => void) | null>(null);
  const runAfterClose = () => {
    const run = afterClose.current;
    afterClose.current = null;
    run?.();
  };
  const link = (to: string, icon: ReactNode, label: string, match = (p: string) => p.startsWith(to)) => (
    <ListItemButton component={NavLink} to={to} selected={match(pathname)} onClick={closeIfOverlay}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText primary={label} />
    </ListItemButton>
  );
  const action = (icon: ReactNode, label: string, onClick: () => void) => (
    <ListItemButton
      onClick={() => {
        if (push) return onClick();
        afterClose.current = onClick;
        onClose();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText primary={label} />
    </ListItemButton>
  );
  const darkIcon =
    darkMode === 'enabled' ? <DarkIcon /> : darkMode === 'disabled' ? <LightIcon /> : <SystemIcon />;

  return (
    <>
      <Drawer
        variant={push ? 'persistent' : 'temporary'}
        open={open}
        onClose={onClose}
        sx={{
          width: push && open ? DRAWER_WIDTH : 0,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH },
        }}
        slotProps={{
          paper: { component: 'nav', 'aria-label': t('app.menu') } as object,
          transition: { onExited: runAfterClose },
        }}
      >
        {push && <Toolbar />}
        <List dense={false} data-testid="side-drawer">
          {link('/works', <LibraryIcon />, t('app.nav.library'), (p) => p === '/works' || p === '/')}
          {link('/favourites', <FavoriteIcon />, t('app.nav.favourites'))}
          {link('/playlists', <PlaylistIcon />, t('app.nav.playlists'))}
          {link('/history', <HistoryIcon />, t('app.nav.history'))}
          {link('/circles', <CircleIcon />, t('app.nav.circles'))}
          {link('/tags', <TagIcon />, t('app.nav.tags'))}
          {link('/vas', <VaIcon />, t('app.nav.vas'))}
          <Divider sx={{ my: 1 }} />
          {action(<ShuffleIcon />, t('app.nav.randomPlay'), () => void randomPlay().catch(() => undefined))}
          {action(
            <SleepIcon />,
            t('app.nav.sleepMode'),
            () => void loadPlayer().then((p) => p.openSleepTimerDialog()),
          )}
          <ListItemButton
            onClick={() => set({ darkMode: NEXT_DARK_MODE[darkMode] })}
            data-testid="dark-mode-toggle"
          >
            <ListItemIcon>{darkIcon}</ListItemIcon>
            <ListItemText primary={t(`app.darkMode.${darkMode}`)} />
          </ListItemButton>
          <Divider sx={{ my: 1 }} />
          {link('/about', <AboutIcon />, t('app.nav.about'))}
          {link('/settings', <SettingsIcon />, t('app.nav.settings'))}
          {admin && link('/admin', <ConsoleIcon />, t('app.nav.console'))}
          {loggedIn
            ? action(<LogoutIcon />, `${t('auth.logout')} (${userName})`, () => setConfirmLogout(true))
            : action(<LoginIcon />, t('auth.registerOrLogin'), () => openLoginDialog())}
        </List>
      </Drawer>
      {/* Outside the drawer: closing an overlay drawer must not take the confirmation with it. */}
      <Dialog open={confirmLogout} onClose={() => setConfirmLogout(false)}>
        <DialogTitle>{t('auth.logoutConfirm', { name: userName })}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setConfirmLogout(false)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              setConfirmLogout(false);
              logout();
            }}
          >
            {t('auth.logout')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
