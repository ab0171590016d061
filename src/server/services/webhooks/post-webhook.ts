import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { AppError } from '@server/errors.js';
import { WEBHOOK_ERROR_MAX } from '@shared/webhooks.js';
import { resolveAllowedAddresses, systemLookup } from './target-address.js';

export interface PostOutcome {
  /** The receiver's status code, or null when no answer came. */
  status: number | null;
  /** Why it failed: no answer, or the start of a non-2xx answer's body. */
  error: string | null;
  durationMs: number;
}

/**
 * The connection's own lookup: the host is resolved once, every address checked, and the socket connects to one of
 * those checked addresses — a DNS answer that changes between the check and the connection (rebinding) cannot slip
 * a private address in.
 */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const found: Promise<LookupAddress[]> = allowPrivate ? systemLookup(hostname) : resolveAllowedAddresses(hostname);
    found.then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        const list = wanted.length ? wanted : addresses;
        if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
        else callback(null, list[0].address, list[0].family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}

/**
 * POSTs one signed event: an answer within `timeoutMs` with a 2xx status is a success. Redirects are not followed
 * (a 3xx is a failure, as Standard Webhooks expects), and the answer's body is read only for the log.
 */
export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<PostOutcome> {
  const started = Date.now();
  const done = (status: number | null, error: string | null): PostOutcome => ({
    status,
    error: error === null ? null : error.slice(0, WEBHOOK_ERROR_MAX),
    durationMs: Date.now() - started,
  });
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // an address written in the URL is never looked up by the socket: it is checked here
  if (!opts.allowPrivate && isIP(host)) {
    try {
      await resolveAllowedAddresses(host);
    } catch (err) {
      return done(null, err instanceof AppError ? err.message : String(err));
    }
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Renderlift-Webhooks/1', ...headers },
        lookup: checkedLookup(opts.allowPrivate),
        timeout: opts.timeoutMs,
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < WEBHOOK_ERROR_MAX) text += chunk;
        });
        res.on('end', () => resolve(done(status, status >= 200 && status < 300 ? null : `HTTP ${status}${text ? `: ${text.trim()}` : ''}`)));
        res.on('error', (err) => resolve(done(status, err.message)));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)));
    req.on('error', (err: Error) => {
      const message = err.name === 'AbortError' || err.name === 'TimeoutError' ? `no answer within ${opts.timeoutMs} ms` : err.message;
      resolve(done(null, message));
    });
    req.end(body);
  });
}
