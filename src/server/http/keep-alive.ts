import type { Server } from 'node:http';

/**
 * How long an idle connection stays open for the client's next request. Above the usual idle timeouts of the proxies
 * put in front (nginx's and cloud load balancers' 60 s): the proxy, not the app, is then the side that closes an idle
 * upstream connection, so it never sends a request on a socket the app is closing at that moment (which it would
 * answer with a 502). Node's own 5 s leaves that race open to any client that keeps connections, ours included.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Keeps idle connections open for KEEP_ALIVE_MS, with the headers' timeout a second above it. */
export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
