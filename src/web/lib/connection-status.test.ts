/**
 * The connection banner's rule: a suspicion is checked against the server's health check before anything is shown,
 * the check repeats while the server is gone, and the first answer restores the connection (and closes the breakers).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectionMonitor, type ConnectionMonitor } from './connection-status';

let server: http.Server | null = null;
let monitor: ConnectionMonitor | null = null;
afterEach(async () => {
  monitor?.stop();
  if (server?.listening) await new Promise<void>((r) => server!.close(() => r()));
});

/** A real /healthz on a loopback port that can be stopped and started again on the same port. */
async function healthServer() {
  server = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/healthz`,
    stop: () => new Promise<void>((r) => server!.close(() => r())),
    start: () => new Promise<void>((r) => server!.listen(port, '127.0.0.1', r)),
  };
}

const probeOf = (url: string) => async () => {
  try {
    return (await fetch(url, { cache: 'no-store' })).status < 500;
  } catch {
    return false;
  }
};

const until = async (cond: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('connection monitor', () => {
  it('shows nothing when the server answers the check (only a stream dropped)', async () => {
    const health = await healthServer();
    let probes = 0;
    const probe = probeOf(health.url);
    monitor = createConnectionMonitor({ probe: () => (probes++, probe()), retryMs: 20 });
    let changes = 0;
    monitor.subscribe(() => changes++);
    monitor.suspect();
    await until(() => probes === 1);
    await new Promise((r) => setTimeout(r, 80));
    expect(monitor.isLost()).toBe(false);
    expect(changes).toBe(0);
    expect(probes).toBe(1);
  });

  it('is lost while the server is down, checks again, and is back (breakers closed) once it answers', async () => {
    const health = await healthServer();
    let backs = 0;
    let probes = 0;
    const probe = probeOf(health.url);
    monitor = createConnectionMonitor({ probe: () => (probes++, probe()), retryMs: 20, onBack: () => backs++ });
    await health.stop();
    monitor.suspect();
    await until(() => monitor!.isLost());
    await until(() => probes >= 3);
    expect(backs).toBe(0);
    await health.start();
    await until(() => !monitor!.isLost());
    expect(backs).toBe(1);
    const after = probes;
    await new Promise((r) => setTimeout(r, 80));
    expect(probes, 'no checks once it is back').toBe(after);
  });

  it('an answer to any call ends the lost state at once', async () => {
    monitor = createConnectionMonitor({ probe: async () => false, retryMs: 10_000 });
    monitor.suspect();
    await until(() => monitor!.isLost());
    monitor.answered();
    expect(monitor.isLost()).toBe(false);
  });
});
