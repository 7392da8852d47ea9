import type { RouteObject } from 'react-router';
import { Navigate, useParams } from 'react-router';
import { LoginRedirect, RequireLogin } from '../features/account/index.ts';
import { loadTexts } from '../shared/i18n/index.ts';
import { CONSOLE_SECTIONS } from './consoleSections.tsx';
import { Layout } from './Layout.tsx';
import { lazyScreen } from './lazyScreen.tsx';

/** Route-level code splitting: each screen is its own chunk, loaded with retries (lazyScreen.tsx). */
const WorksPage = lazyScreen(async () => (await import('../features/catalogue/WorksPage.tsx')).WorksPage);
const EntityListPage = lazyScreen(
  async () => (await import('../features/catalogue/EntityListPage.tsx')).EntityListPage,
);
const WorkPage = lazyScreen(async () => (await import('../features/work/WorkPage.tsx')).WorkPage);
const FavouritesPage = lazyScreen(
  async () => (await import('../features/favourites/FavouritesPage.tsx')).FavouritesPage,
);
const AboutPage = lazyScreen(async () => (await import('./AboutPage.tsx')).AboutPage);
const SettingsPage = lazyScreen(async () => (await import('./SettingsPage.tsx')).SettingsPage);
const DebugPage = lazyScreen(async () => (await import('./DebugPage.tsx')).DebugPage);
const PlaylistsPage = lazyScreen(
  async () => (await import('../features/playlists/PlaylistsPage.tsx')).PlaylistsPage,
);
const DiscoverPage = lazyScreen(
  async () => (await import('../features/playlists/DiscoverPage.tsx')).DiscoverPage,
);
const PlaylistPage = lazyScreen(
  async () => (await import('../features/playlists/PlaylistPage.tsx')).PlaylistPage,
);
// The console's texts are a chunk of their own (app/bundles.ts), fetched with its code.
const ConsoleLayout = lazyScreen(async () => {
  const [{ ConsoleLayout }] = await Promise.all([
    import('../features/admin/ConsoleLayout.tsx'),
    loadTexts('console'),
  ]);
  return ConsoleLayout;
});
const HistoryPage = lazyScreen(
  async () => (await import('../features/listening/HistoryPage.tsx')).HistoryPage,
);
const InvitePage = lazyScreen(async () => (await import('../features/invite/InvitePage.tsx')).InvitePage);
const NotFoundPage = lazyScreen(async () => (await import('./NotFoundPage.tsx')).NotFoundPage);

const works = (source: 'works' | 'popular' | 'recommend') => <WorksPage key={source} source={source} />;
const entities = (restrict: 'circles' | 'tags' | 'vas') => (
  <EntityListPage key={restrict} restrict={restrict} />
);
const favourites = (filter: string | null) => (
  <RequireLogin key={filter ?? 'reviews'}>
    <FavouritesPage filter={filter} />
  </RequireLogin>
);

function PlaylistLegacyRedirect() {
  const { id } = useParams();
  return <Navigate to={`/playlist?id=${encodeURIComponent(id ?? '')}`} replace />;
}

/** The route table of docs/product.md §2.2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, element: <Navigate to="/works" replace /> },
      { path: 'works', element: works('works') },
      { path: 'popular', element: works('popular') },
      { path: 'recommend', element: works('recommend') },
      { path: 'work/:id', Component: WorkPage },
      { path: 'work/:id/:sourceType/:sourceId', Component: WorkPage },
      { path: 'circles', element: entities('circles') },
      { path: 'tags', element: entities('tags') },
      { path: 'vas', element: entities('vas') },
      { path: 'about', Component: AboutPage },
      { path: 'settings', Component: SettingsPage },
      { path: 'debug', Component: DebugPage },
      { path: 'playlists', Component: PlaylistsPage },
      { path: 'playlists/discover', Component: DiscoverPage },
      { path: 'playlist', Component: PlaylistPage },
      { path: 'playlist/:id', Component: PlaylistLegacyRedirect },
      { path: 'favourites', element: favourites(null) },
      { path: 'favourites/review', element: favourites(null) },
      { path: 'favourites/progress', element: favourites('marked') },
      { path: 'favourites/progress/:progress', element: favourites('param') },
      { path: 'favourites/folder', element: favourites('folder') },
      { path: 'listening', element: favourites('listening') },
      { path: 'listened', element: favourites('listened') },
      { path: 'replay', element: favourites('replay') },
      { path: 'postponed', element: favourites('postponed') },
      {
        path: 'history',
        element: (
          <RequireLogin>
            <HistoryPage />
          </RequireLogin>
        ),
      },
      {
        path: 'admin',
        element: <ConsoleLayout sections={CONSOLE_SECTIONS} />,
        children: [
          { index: true, element: <Navigate to={CONSOLE_SECTIONS[0]?.path ?? '/works'} replace /> },
          ...CONSOLE_SECTIONS.map(({ path, Screen }) => ({ path, Component: Screen })),
        ],
      },
      { path: 'invite/:code', Component: InvitePage },
      { path: 'login', Component: LoginRedirect },
      { path: '404', Component: NotFoundPage },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
