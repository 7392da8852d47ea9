import LinearProgress from '@mui/material/LinearProgress';
import type { RouteObject } from 'react-router';
import { Navigate, useParams } from 'react-router';
import { LoginRedirect, RequireLogin } from '../features/account/index.ts';
import { Layout } from './Layout.tsx';
import { RouteError } from './RouteError.tsx';

function StartFallback() {
  return <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0 }} />;
}

/** Route-level code splitting: each screen is its own chunk. */
const works = (source: 'works' | 'popular' | 'recommend') => async () => {
  const { WorksPage } = await import('../features/catalogue/WorksPage.tsx');
  return { Component: () => <WorksPage source={source} /> };
};
const entities = (restrict: 'circles' | 'tags' | 'vas') => async () => {
  const { EntityListPage } = await import('../features/catalogue/EntityListPage.tsx');
  return { Component: () => <EntityListPage restrict={restrict} /> };
};
const work = async () => ({ Component: (await import('../features/work/WorkPage.tsx')).WorkPage });
const favourites = (filter: string | null) => async () => {
  const { FavouritesPage } = await import('../features/favourites/FavouritesPage.tsx');
  return {
    Component: () => (
      <RequireLogin>
        <FavouritesPage filter={filter} />
      </RequireLogin>
    ),
  };
};

function PlaylistLegacyRedirect() {
  const { id } = useParams();
  return <Navigate to={`/playlist?id=${encodeURIComponent(id ?? '')}`} replace />;
}

/** The route table of docs/product.md §2.2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: RouteError,
    // Shown while the first screen's chunk loads.
    HydrateFallback: StartFallback,
    children: [
      { index: true, element: <Navigate to="/works" replace /> },
      { path: 'works', lazy: works('works') },
      { path: 'popular', lazy: works('popular') },
      { path: 'recommend', lazy: works('recommend') },
      { path: 'work/:id', lazy: work },
      { path: 'work/:id/:sourceType/:sourceId', lazy: work },
      { path: 'circles', lazy: entities('circles') },
      { path: 'tags', lazy: entities('tags') },
      { path: 'vas', lazy: entities('vas') },
      {
        path: 'about',
        lazy: async () => ({ Component: (await import('./AboutPage.tsx')).AboutPage }),
      },
      {
        path: 'settings',
        lazy: async () => ({ Component: (await import('./SettingsPage.tsx')).SettingsPage }),
      },
      {
        path: 'debug',
        lazy: async () => ({ Component: (await import('./DebugPage.tsx')).DebugPage }),
      },
      {
        path: 'playlists',
        lazy: async () => ({
          Component: (await import('../features/playlists/PlaylistsPage.tsx')).PlaylistsPage,
        }),
      },
      {
        path: 'playlist',
        lazy: async () => ({
          Component: (await import('../features/playlists/PlaylistPage.tsx')).PlaylistPage,
        }),
      },
      { path: 'playlist/:id', Component: PlaylistLegacyRedirect },
      { path: 'favourites', lazy: favourites(null) },
      { path: 'favourites/review', lazy: favourites(null) },
      { path: 'favourites/progress', lazy: favourites('marked') },
      { path: 'favourites/progress/:progress', lazy: favourites('param') },
      { path: 'favourites/folder', lazy: favourites('folder') },
      { path: 'listening', lazy: favourites('listening') },
      { path: 'listened', lazy: favourites('listened') },
      { path: 'replay', lazy: favourites('replay') },
      { path: 'postponed', lazy: favourites('postponed') },
      {
        path: 'admin/feedback',
        lazy: async () => ({
          Component: (await import('../features/admin/FeedbackAdminPage.tsx')).FeedbackAdminPage,
        }),
      },
      { path: 'login', Component: LoginRedirect },
      {
        path: '404',
        lazy: async () => ({ Component: (await import('./NotFoundPage.tsx')).NotFoundPage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./NotFoundPage.tsx')).NotFoundPage }),
      },
    ],
  },
];
