import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/serviceWorker.ts';

// `npm run dev` proxies the API to a running server (SASAYAKI_API, default the local one).
const api = process.env.SASAYAKI_API || 'http://127.0.0.1:8888';

export default defineConfig({
  plugins: [react(), serviceWorker(), precompress()],
  server: { host: '127.0.0.1', port: 5173, proxy: { '/api': { target: api, changeOrigin: true } } },
  // Old hashed chunks are kept: a page loaded before a rebuild (or a deployment) still finds the
  // lazy chunks its index.html refers to, and a server running during a rebuild never serves a
  // half-emptied folder.
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks: left to itself the bundler splits the UI kit and the shared helpers
        // into dozens of files under 1 KB, each costing a request and ~1 KB of response headers
        // (a first visit of /works fetched 89 scripts). Libraries of the first load go in one
        // chunk; UI kit components that two or more lazy chunks share, in another; the app's
        // own shared helpers in a third. The language catalogues stay one chunk per language.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 30 },
            {
              name: 'ui-kit',
              test: /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group)[\\/]/,
              minShareCount: 2,
              priority: 20,
            },
            {
              name: 'shared',
              test: /[\\/]src[\\/](shared|features[\\/][^/\\]+[\\/](?!i18n))/,
              minShareCount: 2,
              priority: 10,
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
