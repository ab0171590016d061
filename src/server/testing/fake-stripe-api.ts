import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStripeCall {
  method: string;
  path: string;
  /** The form-encoded body as flat keys, e.g. 'line_items[0][price]'. */
  form: Record<string, string>;
}

/**
 * A stand-in for api.stripe.com (STRIPE_API_URL) that records each request and answers the few objects the checkout
 * and portal calls read, so tests see exactly what the adapter asks Stripe for.
 */
export async function startFakeStripeApi() {
  const calls: RecordedStripeCall[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const path = (req.url ?? '').split('?')[0];
      calls.push({ method: req.method ?? '', path, form });
      n++;
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${n}` });
        res.end(JSON.stringify(json));
      };
      // an address marked 'refuse' stands for whatever Stripe turns down
      if (path === '/v1/customers' && form.email?.includes('refuse'))
        return answer(400, { error: { type: 'invalid_request_error', message: 'Invalid email address' } });
      if (path === '/v1/customers') return answer(200, { id: `cus_fake_${n}`, object: 'customer', email: form.email });
      if (path === '/v1/checkout/sessions')
        return answer(200, {
          id: `cs_test_fake_${n}`,
          object: 'checkout.session',
          mode: 'subscription',
          url: `https://checkout.stripe.com/c/pay/cs_test_fake_${n}`,
        });
      if (path === '/v1/billing_portal/sessions')
        return answer(200, { id: `bps_fake_${n}`, object: 'billing_portal.session', url: `https://billing.stripe.com/p/session/fake_${n}` });
      if (path.startsWith('/v1/subscriptions/')) {
        const id = path.split('/').pop();
        return answer(200, { id, object: 'subscription', items: { object: 'list', data: [{ id: 'si_fake_1', object: 'subscription_item' }] } });
      }
      answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
