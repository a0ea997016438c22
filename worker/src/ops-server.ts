import http from 'node:http';
import { AddressInfo } from 'node:net';
import { registry } from './metrics';

/** /metrics for Prometheus, /live and /ready for the orchestrator: a worker has no other HTTP surface. */
export async function startOpsServer(port: number, isReady: () => boolean, host = '127.0.0.1'): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    if (req.url === '/metrics') {
      res.writeHead(200, { 'Content-Type': registry.contentType });
      res.end(await registry.metrics());
    } else if (req.url === '/live') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
    } else if (req.url === '/ready') {
      const ready = isReady();
      res.writeHead(ready ? 200 : 503, { 'Content-Type': 'application/json' }).end(JSON.stringify({ status: ready ? 'ok' : 'unavailable' }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
