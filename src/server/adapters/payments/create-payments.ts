import { ConfigError, type Config } from '@server/config.js';
import type { Logger } from '@server/logger.js';
import type { Payments } from '@server/ports/payments.js';
import { createLocalPayments } from './local.js';
import { createStripePayments } from './stripe.js';

/** What keeps the payment configuration from being used, found before the server opens anything. */
export function paymentsConfigProblems(config: Config): ConfigError['issues'] {
  if (config.STRIPE_SECRET_KEY || !config.isProduction || config.PAYMENTS_TEST_MODE_IN_PRODUCTION) return [];
  return [
    {
      variable: 'STRIPE_SECRET_KEY',
      message:
        'must be set in production: the built-in test checkout would hand out plans for free. ' +
        'Set the Stripe keys, or PAYMENTS_TEST_MODE_IN_PRODUCTION=true for a demo server.',
    },
  ];
}

/** Stripe when STRIPE_SECRET_KEY is set; the built-in test checkout otherwise. */
export function createPayments(config: Config, logger: Logger): Payments {
  if (!config.STRIPE_SECRET_KEY) {
    const problems = paymentsConfigProblems(config);
    if (problems.length) throw new ConfigError(problems);
    // same-origin paths: the test pages belong to this app, whatever address the browser used
    return createLocalPayments({ baseUrl: '' });
  }
  if (!config.STRIPE_WEBHOOK_SECRET) logger.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused');
  const prices = { basic: config.STRIPE_PRICE_BASIC, professional: config.STRIPE_PRICE_PROFESSIONAL, business: config.STRIPE_PRICE_BUSINESS };
  for (const [plan, price] of Object.entries(prices)) if (!price) logger.warn({ plan }, 'no Stripe price id configured: checkout for this plan will fail');
  return createStripePayments({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    prices,
    toleranceSeconds: config.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    apiUrl: config.STRIPE_API_URL,
  });
}
