import os from 'node:os';
import type { MiddlewareHandler } from 'hono';
import type { Config, TrustProxy } from '../config.js';
import type { AppEnv } from './env.js';
import { AppError } from '../errors.js';

/**
 * Which address the server is reached on, and which origins may send it requests.
 *
 * With BASE_URL set (production behind a known name) that address is the public one, and only it and TRUSTED_ORIGINS
 * are trusted. Without it (the single-machine default) the server answers at the addresses that are this machine's —
 * localhost, 127.0.0.1, [::1], its interface addresses, its host name and host name.local — and at the names in
 * ALLOWED_HOSTS and TRUSTED_ORIGINS, so a request's own address (its Host, or with TRUST_PROXY the X-Forwarded-Proto
 * and -Host its proxy set) is its public origin, and a browser page served from that address is same-origin. Any
 * other name is refused before a route runs: a Host is the client's to write, and links in e-mails built from a
 * stranger's Host would hand a victim's reset code to the stranger. A foreign Origin is refused in both modes.
 */
type OriginConfig = Pick<Config, 'BASE_URL' | 'baseUrlFixed' | 'TRUSTED_ORIGINS' | 'TRUST_PROXY' | 'ALLOWED_HOSTS'>;

/** The entry of a forwarding header that the nearest proxy wrote: proxies append to the right, clients write the left. */
function nearestEntry(value: string | null): string | undefined {
  return value?.split(',').pop()?.trim() || undefined;
}

/** The origin (scheme://host[:port]) a request came in on. */
export function requestOrigin(req: Request, trustProxy: TrustProxy): string {
  const url = new URL(req.url);
  let protocol = url.protocol.replace(/:$/, '');
  let host = req.headers.get('host') ?? url.host;
  if (trustProxy) {
    const proto = nearestEntry(req.headers.get('x-forwarded-proto'));
    const fwdHost = nearestEntry(req.headers.get('x-forwarded-host'));
    if (proto === 'http' || proto === 'https') protocol = proto;
    if (fwdHost) host = fwdHost;
  }
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return url.origin;
  }
}

/** The host name of an origin or host, as URL canonicalises it (lower case, IPv6 in brackets), without a final dot. */
function hostNameOf(originOrHost: string): string | null {
  try {
    const url = new URL(originOrHost.includes('://') ? originOrHost : `http://${originOrHost}`);
    return url.hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

/**
 * This machine's own names: its interface addresses (a LAN address, a VPN's), its host name and host name.local. Read
 * again when a name is not among them, at most once a second, so an address the machine gets later is known without a
 * restart and a flood of foreign names costs one read a second.
 */
const machine = { names: new Set<string>(), readAt: 0 };

function readMachineNames(): Set<string> {
  const names = new Set<string>();
  const hostname = os.hostname().toLowerCase();
  if (hostname) names.add(hostname).add(`${hostname}.local`);
  for (const list of Object.values(os.networkInterfaces())) {
    for (const iface of list ?? []) {
      const name = hostNameOf(iface.family === 'IPv6' ? `[${iface.address.replace(/%.*$/, '')}]` : iface.address);
      if (name) names.add(name);
    }
  }
  return names;
}

function isMachineName(name: string): boolean {
  if (machine.names.has(name)) return true;
  if (Date.now() - machine.readAt < 1000) return false;
  machine.names = readMachineNames();
  machine.readAt = Date.now();
  return machine.names.has(name);
}

/** True when the address a request names is one this server answers to (any, with BASE_URL: links ignore it then). */
export function isAcceptedHost(config: OriginConfig, req: Request): boolean {
  if (config.baseUrlFixed) return true;
  const name = hostNameOf(requestOrigin(req, config.TRUST_PROXY));
  if (!name) return false;
  if (name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name.replace(/^\[|\]$/g, ''))) return true;
  if (config.ALLOWED_HOSTS.some((allowed) => (allowed.startsWith('.') ? name === allowed.slice(1) || name.endsWith(allowed) : name === allowed))) return true;
  if ([config.BASE_URL, ...config.TRUSTED_ORIGINS].some((origin) => hostNameOf(origin) === name)) return true;
  return isMachineName(name);
}

/** What a request naming another host is told: the name, and the settings that would make the server answer to it. */
export function unknownHostMessage(config: OriginConfig, req: Request): string {
  const name = hostNameOf(requestOrigin(req, config.TRUST_PROXY)) ?? 'this name';
  return (
    `This server does not answer to ${name}: without BASE_URL it answers at localhost, at this machine's own addresses and host name, ` +
    'and at the names in ALLOWED_HOSTS and TRUSTED_ORIGINS. To reach it under another name, add that name to ALLOWED_HOSTS ' +
    '(comma-separated), or set BASE_URL to its public address.'
  );
}

/**
 * Refuses a request that names the server by a host it does not answer to (421 Misdirected Request), before any route
 * runs. The health checks answer any name: orchestrators probe by IP or container name, and they build no links.
 */
export const requireKnownHost: MiddlewareHandler<AppEnv> = async (c, next) => {
  const config = c.var.deps.config;
  if (c.req.path === '/healthz' || c.req.path === '/readyz' || isAcceptedHost(config, c.req.raw)) return next();
  throw new AppError('MISDIRECTED_REQUEST', 421, unknownHostMessage(config, c.req.raw));
};

/** The address links in e-mails and payment redirects point at for work this request causes. */
function publicBaseUrl(config: OriginConfig, req?: Request): string {
  if (config.baseUrlFixed || !req || !isAcceptedHost(config, req)) return config.BASE_URL;
  return requestOrigin(req, config.TRUST_PROXY);
}

/** The origins allowed to send this request. */
export function trustedOrigins(config: OriginConfig, req?: Request): string[] {
  return [...new Set([new URL(publicBaseUrl(config, req)).origin, ...config.TRUSTED_ORIGINS])];
}

/** What a refused request is told: which origin, and what decides. */
export function untrustedOriginMessage(config: OriginConfig, origin: string | null): string {
  const what = origin
    ? `Requests from ${origin} are not accepted by this server`
    : 'A request without an Origin header that carries a session cookie is not accepted';
  const rule = config.baseUrlFixed
    ? `it accepts ${config.BASE_URL} (BASE_URL)${config.TRUSTED_ORIGINS.length ? ` and ${config.TRUSTED_ORIGINS.join(', ')} (TRUSTED_ORIGINS)` : ''}; TRUSTED_ORIGINS lists further origins`
    : 'it accepts pages of the address it was reached on; BASE_URL and TRUSTED_ORIGINS decide which other origins may send requests';
  return `${what}: ${rule}.`;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback addresses. */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const a = address.replace(/^::ffff:/i, '');
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * True when the request names this machine by a loopback name: a page another site rebinds to 127.0.0.1 still sends
 * its own host name, so a loopback peer alone is not enough for what only this machine may read.
 */
export function isLoopbackHost(req: Request): boolean {
  const host = (req.headers.get('host') ?? new URL(req.url).host).toLowerCase();
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return LOOPBACK_HOSTS.has(name) || isLoopbackAddress(name);
}

/**
 * The dependencies as one request sees them: without BASE_URL, `config.BASE_URL` is the address this request came in
 * on, so every link the request's work puts into an e-mail or a payment redirect leads back to where the user is.
 */
export function depsForRequest<D extends { config: Config }>(deps: D, req: Request): D {
  const base = publicBaseUrl(deps.config, req);
  return base === deps.config.BASE_URL ? deps : { ...deps, config: { ...deps.config, BASE_URL: base } };
}
