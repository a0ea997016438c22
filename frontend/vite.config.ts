import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { ProxyOptions } from 'vite';

type ProxyServer = Parameters<NonNullable<ProxyOptions['configure']>>[0];

// The browser talks to one origin; /api and /socket.io are forwarded to the API (dev and preview alike).
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
/**
 * The API trusts X-Forwarded-For from this proxy (npm start sets TRUSTED_PROXIES=loopback), so the
 * header must carry the real peer, never what the client sent: otherwise anyone could choose the
 * address that rate limits, the login throttle and the access records see.
 */
const forwardRealPeer = (proxy: ProxyServer) => {
  const set = (proxyReq: ClientRequest, req: IncomingMessage) => proxyReq.setHeader('X-Forwarded-For', req.socket.remoteAddress ?? '');
  proxy.on('proxyReq', set);
  proxy.on('proxyReqWs', set);
};
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true, configure: forwardRealPeer },
  '/socket.io': { target: apiTarget, ws: true, changeOrigin: true, configure: forwardRealPeer },
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
