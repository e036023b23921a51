import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { arcoStyles } from './build/arco-styles.ts';

const contractEntry = decodeURIComponent(new URL('../../packages/contract/src/index.ts', import.meta.url).pathname);

export default defineConfig({
  plugins: [arcoStyles(), react()],
  resolve: {
    // Source alias so the web build and tests never wait for the contract's own build.
    alias: [{ find: /^@campus\/contract$/, replacement: contractEntry }],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    // scripts/check-web-size.mjs reads it to add up what each page loads.
    manifest: true,
    // A page's own chunks are not preloaded by script: Vite's helper added ~100 <link rel=modulepreload>
    // one by one when a page was opened, each processed on the main thread (~0.7 ms here, 4x on a
    // mid-range phone), inside the longest task of every first load; the browser finds the same files
    // by following the page chunk's imports. The page's CSS still loads before it runs, and the entry's
    // preloads stay in index.html, where the preload scanner reads them off the main thread. Measured with
    // Lighthouse in docs/performance.md (issue 22).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((d) => d.endsWith('.css'))),
    },
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        // ECharts' renderer (zrender) in a chunk of its own: the chart pages fetch two
        // files in parallel rather than one of 180 KiB gzip, and each stays under the
        // 150 KiB chunk budget (issue 22; scripts/check-web-size.mjs).
        manualChunks(id) {
          if (id.includes('/node_modules/zrender/')) return 'zrender';
          return undefined;
        },
      },
    },
  },
});
