import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { AppError } from '@server/errors.js';
import { fill } from '@shared/messages.js';
import { WEBHOOK_URL_MAX, webhookMessages } from '@shared/webhooks.js';

/**
 * Where webhooks may not go (SSRF): this machine, the private networks behind it, cloud metadata services and every
 * address that is not one public host. IPv4 ranges are checked for IPv6 addresses that carry an IPv4 one too
 * (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`).
 */
const forbidden = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  forbidden.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  forbidden.addSubnet(net, prefix, 'ipv6');

/** The 8 groups of an IPv6 address (a dotted IPv4 tail becomes two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = part(head);
  const t = part(tail);
  return tail === undefined ? h : [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
}

/** The IPv4 address an IPv6 one carries (mapped, compatible or NAT64), if any. */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const mapped = g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (!mapped && !nat64) return null;
  return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.');
}

/** Whether an address is one webhooks must not reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return forbidden.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4 !== null && v4 !== '0.0.0.0' && v4 !== '0.0.0.1') return forbidden.check(v4, 'ipv4');
  return forbidden.check(address.replace(/%.*$/, ''), 'ipv6');
}

export type Lookup = (host: string) => Promise<LookupAddress[]>;
export const systemLookup: Lookup = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

const refuse = (message: string) => new AppError('WEBHOOK_URL_REFUSED', 400, message);
const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** Every address the host stands for, each allowed; throws the refusal naming the first one that is not. */
export async function resolveAllowedAddresses(hostname: string, lookup: Lookup = systemLookup): Promise<LookupAddress[]> {
  const host = bareHost(hostname);
  const family = isIP(host);
  let addresses: LookupAddress[];
  if (family) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw refuse(fill(webhookMessages.urlUnresolvable, { host }));
  }
  const bad = addresses.find((a) => isForbiddenAddress(a.address));
  if (bad) throw refuse(fill(webhookMessages.urlPrivate, { host, address: bad.address }));
  return addresses;
}

/**
 * An endpoint URL as it will be stored: absolute http(s), no user name or password, and (unless the operator allows
 * private targets) a host whose every address is public. Throws a 400 with the message that says what is wrong.
 */
export async function checkWebhookUrl(raw: string, opts: { allowPrivate: boolean; lookup?: Lookup }): Promise<string> {
  if (raw.length > WEBHOOK_URL_MAX) throw refuse(webhookMessages.urlTooLong);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse(webhookMessages.urlInvalid);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse(webhookMessages.urlScheme);
  if (url.username || url.password) throw refuse(webhookMessages.urlCredentials);
  if (!url.hostname) throw refuse(webhookMessages.urlInvalid);
  url.hash = '';
  if (!opts.allowPrivate) await resolveAllowedAddresses(url.hostname, opts.lookup);
  return url.toString();
}
