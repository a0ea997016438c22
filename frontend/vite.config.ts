import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Plugin, ProxyOptions } from 'vite';

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

/**
 * System settings → CDN: the built files (/assets/…) load from the configured base URL. The entry
 * script and stylesheet are not written into index.html; a small inline loader asks the public
 * /api/telemetry/config for `assetBaseUrl` and adds them from there (from this origin when the CDN is
 * off, unset, or the answer takes over 1.5 s), and every later chunk follows the same base
 * (renderBuiltUrl below). Works behind any static server (vite preview, nginx) without rewriting.
 */
function cdnLoader(): Plugin {
  return {
    name: 'cda-cdn-loader',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const scripts = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g)];
        const styles = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g)];
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        if (scripts.length !== 1) throw new Error('cdn loader: expected one entry script in index.html');
        for (const m of [...scripts, ...styles, ...preloads]) html = html.replace(m[0], '');
        const entry = { js: scripts[0][1], css: styles.map((m) => m[1]), preload: preloads.map((m) => m[1]) };
        const loader =
          `(function(){var e=${JSON.stringify(entry)},d=false;` +
          `function add(t,a){var n=document.createElement(t);for(var k in a)n.setAttribute(k,a[k]);document.head.appendChild(n);}` +
          `function go(b){if(d)return;d=true;b=b||'';while(b.slice(-1)==='/')b=b.slice(0,-1);window.__CDA_ASSETS__=b;` +
          `e.css.forEach(function(h){add('link',{rel:'stylesheet',crossorigin:'',href:b+h});});` +
          `e.preload.forEach(function(h){add('link',{rel:'modulepreload',crossorigin:'',href:b+h});});` +
          `add('script',{type:'module',crossorigin:'',src:b+e.js});}` +
          `setTimeout(function(){go('');},1500);` +
          `fetch('/api/telemetry/config').then(function(r){return r.ok?r.json():null;}).then(function(c){go(c&&c.assetBaseUrl);},function(){go('');});})();`;
        return html.replace('</head>', `  <script>${loader}</script>\n  </head>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), cdnLoader()],
  resolve: { alias: { '@cda/shared': path.resolve(__dirname, '../shared/src/index.ts') } },
  server: { port: webPort, strictPort: true, proxy },
  preview: { port: webPort, strictPort: true, host: '127.0.0.1', proxy },
  // WEB_DIST_DIR: a build of one's own, so a side-by-side e2e run is not served a build another is rewriting.
  // manifest: bench/frontend reads which chunks the entry loads up front.
  build: { outDir: process.env.WEB_DIST_DIR ?? 'dist', sourcemap: true, manifest: true },
  // Chunks and their CSS imported at run time come from the same base as the entry (the CDN when on).
  experimental: {
    renderBuiltUrl(filename, { hostType }) {
      if (hostType === 'js') return { runtime: `(window.__CDA_ASSETS__||'')+${JSON.stringify(`/${filename}`)}` };
      return { relative: hostType === 'css' };
    },
  },
});
