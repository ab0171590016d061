import type { Config } from '../config.js';

/**
 * Which address the server is reached on, and which origins may send it requests.
 *
 * With BASE_URL set (production behind a known name) that address is the public one, and only it and TRUSTED_ORIGINS
 * are trusted. Without it (the single-machine default) the server answers at whatever address it is reached on —
 * localhost, 127.0.0.1, [::1], a LAN address or a host name — so a request's own address (its Host, or with
 * TRUST_PROXY the X-Forwarded-Proto/-Host its proxy set) is its public origin, and a browser page served from that
 * address is same-origin. A foreign Origin is refused in both modes.
 */
type OriginConfig = Pick<Config, 'BASE_URL' | 'baseUrlFixed' | 'TRUSTED_ORIGINS' | 'TRUST_PROXY'>;

/** The origin (scheme://host[:port]) a request came in on. */
function requestOrigin(req: Request, trustProxy: boolean): string {
  const url = new URL(req.url);
  let protocol = url.protocol.replace(/:$/, '');
  let host = req.headers.get('host') ?? url.host;
  if (trustProxy) {
    const proto = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
    const fwdHost = req.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
    if (proto === 'http' || proto === 'https') protocol = proto;
    if (fwdHost) host = fwdHost;
  }
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return url.origin;
  }
}

/** The address links in e-mails and payment redirects point at for work this request causes. */
function publicBaseUrl(config: OriginConfig, req?: Request): string {
  if (config.baseUrlFixed || !req) return config.BASE_URL;
  return requestOrigin(req, config.TRUST_PROXY);
}

/** The origins allowed to send this request. */
export function trustedOrigins(config: OriginConfig, req?: Request): string[] {
  const own = config.baseUrlFixed || !req ? new URL(config.BASE_URL).origin : requestOrigin(req, config.TRUST_PROXY);
  return [...new Set([own, ...config.TRUSTED_ORIGINS])];
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
