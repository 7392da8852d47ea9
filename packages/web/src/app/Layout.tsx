import BackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../features/account/index.ts';
import { useDownloads } from '../features/downloads/index.ts';
import {
  ImportToast,
  installDropImport,
  installSubtitledWorksCheck,
  useSubtitleStore,
} from '../features/subtitles/index.ts';
import { useTranslation } from '../shared/i18n/index.ts';
import { useSettings } from '../shared/settings/store.ts';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { GoTop } from './GoTop.tsx';
import { lazyScreen } from './lazyScreen.tsx';
import { Notifier } from './Notifier.tsx';
import { OfflineGate } from './OfflineGate.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { PlayerFooter } from './PlayerSlots.tsx';
import { ShellPartBoundary } from './ShellPartBoundary.tsx';
import { useElementHeight } from './useElementHeight.ts';

// The search box (with its autocomplete and menus) loads beside the page, a blank box of its size
// standing in meanwhile: the page's own chunks do not wait for it.
const SearchBox = lazyScreen(async () => (await import('../features/search/SearchBox.tsx')).SearchBox);
const searchBox = (
  <ShellPartBoundary resetKey={null}>
    <Suspense
      fallback={
        <Box sx={{ width: '100%', maxWidth: 640, height: 40, borderRadius: 6, bgcolor: 'action.hover' }} />
      }
    >
      <SearchBox />
    </Suspense>
  </ShellPartBoundary>
);

// The language button's menu and tooltip load beside the page too.
const LanguageMenu = lazyScreen(async () => (await import('./LanguageMenu.tsx')).LanguageMenu);

// The drawer and the auth dialog load on first use: they are not needed to show a page.
// Loaded with retries; a part whose code cannot be loaded stays away without taking the app along.
const SideDrawer = lazyScreen(async () => (await import('./SideDrawer.tsx')).SideDrawer);
const DownloadsDialog = lazyScreen(
  async () => (await import('../features/downloads/DownloadsDialog.tsx')).DownloadsDialog,
);
const AccountDialogs = lazyScreen(
  async () => (await import('../features/account/AccountDialogs.tsx')).AccountDialogs,
);
const AuthDialog = lazyScreen(async () => (await import('../features/account/AuthDialog.tsx')).AuthDialog);

const HOME_LIKE = new Set(['/', '/works', '/popular', '/recommend']);

/** Shell of docs/product.md §2.1: top bar, side drawer, page, footer slots for the player and lyrics bars. */
export function Layout() {
  const { t } = useTranslation();
  const { pathname, key: locationKey } = useLocation();
  const navigate = useNavigate();
  // A page opened directly (a shared link, the installed app started on a deep page) has nothing of
  // this app to go back to, and an installed app has no browser Back: Back then goes home.
  const back = () => (locationKey === 'default' ? navigate('/works') : navigate(-1));
  const wide = useMediaQuery('(min-width: 1024px)', { noSsr: true });
  const pushMode = useSettings((s) => s.sidebarExpandMode) === 'push' && wide;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const authDialogOpen = useAuth((s) => s.dialogOpen);
  const accountDialogOpen = useAuth((s) => s.accountDialog !== null);
  const [authUsed, setAuthUsed] = useState(false);
  if (authDialogOpen && !authUsed) setAuthUsed(true);
  const homeLike = HOME_LIKE.has(pathname);
  // The search box is hidden on the playlist page (docs/product.md §2.1); on a phone it gets its own row.
  const showSearch = pathname !== '/playlist';
  const narrow = useMediaQuery('(max-width: 599.95px)', { noSsr: true });
  // A subtitle archive dropped on any page is imported; its progress shows in a toast.
  useEffect(() => installDropImport(), []);
  useEffect(() => installSubtitledWorksCheck(), []);
  const footerRef = useRef<HTMLElement>(null);
  const footerHeight = useElementHeight(footerRef);
  const importing = useSubtitleStore((s) => s.importing.status !== 'idle');
  const downloading = useDownloads((s) => s.items.length > 0);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar
        position="fixed"
        sx={{
          zIndex: (th) => (pushMode ? th.zIndex.drawer + 1 : th.zIndex.appBar),
          backdropFilter: 'blur(12px)',
          bgcolor: (th) => (th.palette.mode === 'dark' ? 'rgba(28,25,37,0.85)' : 'rgba(255,255,255,0.85)'),
          borderBottom: 1,
          borderColor: 'divider',
          // The installed app on a phone with a notch (viewport-fit=cover): the bar stays clear of it.
          pt: 'env(safe-area-inset-top)',
          pl: 'env(safe-area-inset-left)',
          pr: 'env(safe-area-inset-right)',
        }}
      >
        <Toolbar sx={{ gap: 0.5 }}>
          <IconButton
            edge="start"
            color="inherit"
            aria-label={t('app.menu')}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen((o) => !o);
            }}
            data-testid="menu-button"
          >
            <MenuIcon />
          </IconButton>
          {!homeLike && (
            <IconButton color="inherit" aria-label={t('app.back')} onClick={back} data-testid="back-button">
              <BackIcon />
            </IconButton>
          )}
          <Typography
            component={Link}
            to="/works"
            variant="h6"
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              fontWeight: 800,
              letterSpacing: 0.5,
              mr: 2,
              display: { xs: homeLike ? 'block' : 'none', sm: 'block' },
              background: 'linear-gradient(90deg, #8b6cf6, #e0508d)',
              WebkitBackgroundClip: 'text',
              WebkitTextFillColor: 'transparent',
            }}
          >
            {t('app.title')}
          </Typography>
          <Box sx={{ flex: 1, display: { xs: 'none', sm: 'flex' }, justifyContent: 'center', minWidth: 0 }}>
            {showSearch && !narrow && searchBox}
          </Box>
          <Box sx={{ flex: 1, display: { xs: 'block', sm: 'none' } }} />
          {downloading && (
            <IconButton
              color="inherit"
              aria-label={t('downloads.title')}
              onClick={() => useDownloads.getState().setOpen(true)}
              data-testid="downloads-button"
            >
              <DownloadIcon />
            </IconButton>
          )}
          <ShellPartBoundary resetKey={pathname}>
            <Suspense fallback={<Box sx={{ width: 40, height: 40 }} />}>
              <LanguageMenu />
            </Suspense>
          </ShellPartBoundary>
        </Toolbar>
        {showSearch && narrow && (
          <Toolbar variant="dense" sx={{ pb: 1, minHeight: 48 }}>
            {searchBox}
          </Toolbar>
        )}
        <ConnectionBanner />
      </AppBar>
      {drawerUsed && (
        <ShellPartBoundary resetKey={drawerOpen}>
          <Suspense fallback={null}>
            <SideDrawer open={drawerOpen} push={pushMode} onClose={() => setDrawerOpen(false)} />
          </Suspense>
        </ShellPartBoundary>
      )}
      <Box
        component="main"
        sx={{
          flex: 1,
          minWidth: 0,
          pb: 'calc(140px + env(safe-area-inset-bottom))',
          transition: 'margin 200ms',
        }}
      >
        <Box sx={{ height: 'env(safe-area-inset-top)' }} />
        <Toolbar />
        {showSearch && narrow && <Box sx={{ height: 56 }} />}
        <ConnectionBanner spacer />
        <PageErrorBoundary>
          <Suspense
            fallback={<LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }} />}
          >
            <OfflineGate>
              <Outlet />
            </OfflineGate>
          </Suspense>
        </PageErrorBoundary>
      </Box>
      <Box
        component="footer"
        ref={footerRef}
        sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 1200 }}
      >
        <PlayerFooter />
      </Box>
      <GoTop footerHeight={footerHeight} />
      <Notifier />
      {importing && (
        <Suspense fallback={null}>
          <ImportToast />
        </Suspense>
      )}
      {downloading && (
        <Suspense fallback={null}>
          <DownloadsDialog />
        </Suspense>
      )}
      {authUsed && (
        <ShellPartBoundary resetKey={authDialogOpen}>
          <Suspense fallback={null}>
            <AuthDialog />
          </Suspense>
        </ShellPartBoundary>
      )}
      {accountDialogOpen && (
        <ShellPartBoundary resetKey={accountDialogOpen}>
          <Suspense fallback={null}>
            <AccountDialogs />
          </Suspense>
        </ShellPartBoundary>
      )}
    </Box>
  );
}
