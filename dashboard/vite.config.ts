import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The dashboard: a single-page app served by the API process at /app/ (api/plugins/dashboard.ts). */
export default defineConfig({
  root: import.meta.dirname,
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Inline nothing: the page's Content-Security-Policy allows scripts and styles from 'self' only.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // .vite/manifest.json: the chunk graph, from which bench/dashboard sizes what the first load fetches.
    manifest: true,
  },
  logLevel: 'warn',
});
