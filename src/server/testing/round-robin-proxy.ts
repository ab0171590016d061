/**
 * One address in front of several API processes, as a load balancer puts it: each request goes to the next upstream
 * in turn, streamed both ways (uploads in, Server-Sent Events out, nothing buffered). An upstream that refuses the
 * connection (a killed process) is skipped for the next one, as a balancer's health check would; a response cut off
 * by a dying upstream is cut off for the client too, which then reconnects through the proxy.
 *
 * `x-upstream: <index>` on a request pins it to one upstream (and is not forwarded); every response names the
 * upstream that served it in `x-upstream`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const UPSTREAM_HEADER = 'x-upstream';

// connection-level headers belong to one hop, not to the request
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer', UPSTREAM_HEADER]);

export interface RoundRobinProxy {
  url: string;
  setUpstreams(urls: string[]): void;
  /** How many requests each upstream has answered, by index. */
  served: number[];
  close(): Promise<void>;
}

function forwardable(headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders) {
  return Object.fromEntries(Object.entries(headers).filter(([k, v]) => v !== undefined && !HOP_BY_HOP.has(k.toLowerCase())));
}

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let upstreams: URL[] = [];
  let next = 0;
  const served: number[] = [];
  const open = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    const pinned = req.headers[UPSTREAM_HEADER];
    const order = pinned !== undefined ? [Number(pinned)] : upstreams.map((_, i) => (next + i) % upstreams.length);
    if (pinned === undefined && upstreams.length > 0) next = (next + 1) % upstreams.length;
    const attempt = (k: number) => {
      const index = order[k];
      const target = upstreams[index];
      if (target === undefined) {
        res.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream answered');
        return;
      }
      // a fresh connection per request: a refused one is known before any of the body was read
      const upstream = http.request({
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: forwardable(req.headers),
        agent: false,
      });
      let connected = false;
      upstream.on('socket', (socket) =>
        socket.once('connect', () => {
          connected = true;
          req.pipe(upstream);
        }),
      );
      upstream.on('error', () => {
        if (!connected && !res.headersSent) attempt(k + 1);
        else res.destroy();
      });
      upstream.on('response', (answer) => {
        served[index] = (served[index] ?? 0) + 1;
        res.writeHead(answer.statusCode ?? 502, { ...forwardable(answer.headers), [UPSTREAM_HEADER]: String(index) });
        res.flushHeaders();
        answer.pipe(res);
        // the upstream died mid-answer: the client sees its stream end as it would behind a real balancer
        answer.on('aborted', () => res.destroy());
        answer.on('error', () => res.destroy());
      });
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setUpstreams(urls) {
      upstreams = urls.map((u) => new URL(u));
      next = 0;
    },
    served,
    close: async () => {
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
