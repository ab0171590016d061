import net from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { TrustProxy } from '../config.js';

/** An address as one form: IPv4-mapped IPv6 peers (::ffff:a.b.c.d, from a dual-stack socket) as plain IPv4. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

const proxyLists = new WeakMap<string[], net.BlockList>();

function proxyList(proxies: string[]): net.BlockList {
  let list = proxyLists.get(proxies);
  if (!list) {
    list = new net.BlockList();
    for (const entry of proxies) {
      const [address, prefix] = entry.split('/');
      const type = net.isIPv4(address) ? 'ipv4' : 'ipv6';
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    }
    proxyLists.set(proxies, list);
  }
  return list;
}

/**
 * The client's address, by the rule Express's `trust proxy` follows. Every proxy appends the address it was reached
 * from to X-Forwarded-For, so the chain read right to left is: the socket's peer, then what each trusted proxy saw.
 * Entries further left were written by the client and name whoever it likes, so the walk stops at the first hop that
 * is not a trusted proxy: after `hops` of them, or at the first address outside the proxy list. A malformed entry
 * (only a misconfigured proxy writes one) ends the walk at the last address that was read.
 */
export function resolveClientAddress(peer: string | null, forwardedFor: string | null | undefined, trust: TrustProxy): string | null {
  if (!peer) return null;
  let client = plainAddress(peer);
  if (!trust) return client;
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const list = 'proxies' in trust ? proxyList(trust.proxies) : null;
  for (let trusted = 0; chain.length > 0; trusted++) {
    const isProxy = list ? list.check(client, net.isIPv4(client) ? 'ipv4' : 'ipv6') : trusted < (trust as { hops: number }).hops;
    if (!isProxy) break;
    const next = plainAddress(chain.pop()!);
    if (!net.isIP(next)) break;
    client = next;
  }
  return client;
}

/** The client's address for rate limits, security events and the local mailbox (see resolveClientAddress). */
export function clientIp(c: Context, trust: TrustProxy): string | null {
  let peer: string | null;
  try {
    peer = getConnInfo(c).remote.address ?? null;
  } catch {
    peer = null;
  }
  return resolveClientAddress(peer, c.req.header('x-forwarded-for'), trust);
}
