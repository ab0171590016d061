import type { Command } from './command.js';
import { AppError } from '../errors.js';
import { grantBeta } from '../services/plans/grant-beta.js';
import { planName } from '@shared/plans.js';
import { createMailer } from '../adapters/mail/create-mailer.js';
import { createLogger } from '../logger.js';

/** Beta access of the admin panel, from the terminal (seed 001 §7.5 grant-beta-access), with the same beta-access e-mail. */
export const grantBetaCommand: Command = {
  usage: 'grant-beta <email>',
  description: 'give beta access: the beta badge and at least 2000 credits',
  async run({ config, database, args, out }) {
    const [email, ...rest] = args;
    if (!email || !email.includes('@') || rest.length > 0) {
      out('Usage: npm run admin -- grant-beta <email>');
      return 2;
    }
    const logger = createLogger('silent');
    const clock = () => new Date();
    const mailer = createMailer(config, { db: database.db, clock, logger });
    try {
      const r = await grantBeta({ db: database.db, clock, config, mailer, logger }, { email });
      if (r.alreadyHadBeta) {
        out(`${email} already has beta access: nothing changed (${r.balanceAfter} credits).`);
        return 0;
      }
      out(`${email} now has beta access (${planName(r.subscriptionStatus)} features): credits ${r.balanceBefore} → ${r.balanceAfter}.`);
      out(r.emailSent ? `The beta-access e-mail went to ${email}.` : `The beta-access e-mail could not be delivered to ${email}; the grant stands.`);
      return 0;
    } catch (err) {
      if (err instanceof AppError) {
        out(`${err.message}${err.code === 'USER_NOT_FOUND' ? `: no account with the email ${email}. Sign up first, then run this again.` : ''}`);
        return 1;
      }
      throw err;
    } finally {
      mailer.close();
    }
  },
};
