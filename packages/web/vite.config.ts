import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';

// `npm run dev` proxies the API to a running server (SASAYAKI_API, default the local one).
const api = process.env.SASAYAKI_API || 'http://127.0.0.1:8888';

export default defineConfig({
  plugins: [react(), precompress()],
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
