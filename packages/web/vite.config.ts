import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { inlineFavicon } from './build/inlineFavicon.ts';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/serviceWorker.ts';

// Shared UI kit components and app helpers the works page does not use: see the groups below.
const UI_KIT = /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group)[\\/]/;
const LATER_UI =
  /[\\/]node_modules[\\/]@mui[\\/]material[\\/](Slider|Tabs?|TabScrollButton|ButtonGroup|Slide|Drawer|Badge|CardActionArea|DialogContentText|Autocomplete|useAutocomplete)[\\/]/;

const SHARED =
  /[\\/](contract[\\/]src[\\/]search[\\/]|src[\\/](shared|features[\\/](?!(player|lyrics|subtitles)[\\/])[^/\\]+[\\/](?!i18n)))/;
// The app's helpers two lazy screens share that the works page does not import (were one of them
// imported there, `npm run bench:web` would show the page fetching `shared-more`).
const LATER_SHARED = new RegExp(
  `[\\\\/]src[\\\\/](${[
    'features/playlists/(PlaylistsPage|PlaylistCard|PlaylistTabs|PlaylistCover)\\.tsx',
    'features/admin/.*',
    'features/account/(AccountFormDialog|CodeField|NewAccountFields)\\.tsx',
    'features/account/accountErrors\\.ts',
    'features/work/tree\\.ts',
    'features/offline/keep\\.ts',
    'shared/settings/endpoints\\.ts',
    'shared/ui/DialogForm\\.tsx',
  ]
    .map((path) => path.replaceAll('/', '[\\\\/]'))
    .join('|')})$`,
);

// `npm run dev` proxies the API to a running server (SASAYAKI_API, default the local one).
const api = process.env.SASAYAKI_API || 'http://127.0.0.1:8888';

export default defineConfig({
  plugins: [react(), inlineFavicon(), serviceWorker(), precompress()],
  server: { host: '127.0.0.1', port: 5173, proxy: { '/api': { target: api, changeOrigin: true } } },
  // Old hashed chunks are kept: a page loaded before a rebuild (or a deployment) still finds the
  // lazy chunks its index.html refers to, and a server running during a rebuild never serves a
  // half-emptied folder.
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Every browser the app supports preloads modules itself; without the polyfill the entry is
    // the shell chunk, not a 0.7 KB script of its own that imports it (one request less).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Fewer, larger chunks: left to itself the bundler splits the UI kit and the shared helpers
        // into dozens of files under 1 KB, each costing a request and ~1 KB of response headers
        // (a first visit of /works fetched 89 scripts). The language catalogues stay one chunk per
        // language. A group also takes the modules its own modules import, unless a group of
        // higher priority took them first.
        codeSplitting: {
          groups: [
            // Libraries of the first load.
            { name: 'framework', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 30 },
            // The app's own code of the first load: the shell and what it imports.
            { name: 'shell', test: /[\\/]src[\\/](?!.*[\\/]i18n[\\/])/, tags: ['$initial'], priority: 25 },
            // UI kit components that two or more lazy chunks share, in two chunks: those the works
            // page does not use (the player's slider; the tabs of the console, favourites and
            // playlists; the drawer; the search box's autocomplete, which loads after the first
            // screen) apart, so the works page loads `ui-kit` only. `ui-kit` comes
            // first: a group also takes what its modules import, and the helpers the two share must
            // stay in the chunk the works page loads. A component listed here that the works page
            // does use costs it one more request (`npm run bench:web` lists them).
            {
              name: 'ui-kit',
              test: (id: string) => UI_KIT.test(id) && !LATER_UI.test(id),
              minShareCount: 2,
              priority: 20,
            },
            { name: 'ui-kit-more', test: LATER_UI, minShareCount: 2, priority: 19 },
            // The app's helpers, and the contract's (the search grammar), that two or more lazy
            // chunks share; those of other screens than the works page (the playlists' page
            // pieces, the console's helpers) apart, as for the UI kit.
            {
              name: 'shared',
              test: (id: string) => SHARED.test(id) && !LATER_SHARED.test(id),
              minShareCount: 2,
              priority: 16,
            },
            { name: 'shared-more', test: LATER_SHARED, minShareCount: 2, priority: 15.5 },
            // The player and lyrics: loaded once the first screen's requests are done, or when the
            // browser is idle if a saved queue comes back (app/PlayerSlots.tsx), not with the works
            // page's code.
            {
              name: 'player',
              test: /[\\/]src[\\/]features[\\/](player|lyrics)[\\/](?!i18n[\\/])/,
              priority: 15,
            },
            // The top bar's search box and language menu: loaded on every page right after the
            // shell, one request for both.
            {
              name: 'top-bar',
              test: /[\\/]src[\\/](app[\\/]LanguageMenu|features[\\/]search[\\/]SearchBox)\.tsx$/,
              priority: 13,
            },
            // The local subtitle store (Dexie) and its screens: loaded only where subtitles are
            // imported, listed or matched to a work's tracks.
            {
              name: 'subtitles',
              test: /[\\/](node_modules[\\/]dexie[\\/]|src[\\/]features[\\/]subtitles[\\/](?!i18n[\\/]))/,
              priority: 14,
            },
          ],
        },
      },
      treeshake: {
        // A feature's index.ts only re-exports its public surface, so it has no side effects: a
        // chunk that imports one export of it does not pull in the rest (the works screen using the
        // search helpers does not take the search box along), and the chunks stay as they were.
        moduleSideEffects: (id: string) =>
          /\/src\/features\/[^/]+\/index\.ts$/.test(id) ? false : undefined,
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
  },
});
