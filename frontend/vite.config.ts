import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

// The browser talks to one origin; /api and /socket.io are forwarded to the API (dev and preview alike).
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
};
const webPort = Number(process.env.WEB_PORT ?? 5173);

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@cda/shared': path.resolve(__dirname, '../shared/src/index.ts') } },
  server: { port: webPort, strictPort: true, proxy },
  preview: { port: webPort, strictPort: true, host: '127.0.0.1', proxy },
  // WEB_DIST_DIR: a build of one's own, so a side-by-side e2e run is not served a build another is rewriting.
  // manifest: bench/frontend reads which chunks the entry loads up front.
  build: { outDir: process.env.WEB_DIST_DIR ?? 'dist', sourcemap: true, manifest: true },
});
