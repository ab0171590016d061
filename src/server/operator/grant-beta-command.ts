import type { Command } from './commands.js';
import { AppError } from '../errors.js';
import { grantBeta } from '../services/plans/grant-beta.js';
import { planName } from '../../shared/plans.js';

/** Beta access of the admin panel, from the terminal (seed 001 §7.5 grant-beta-access). */
export const grantBetaCommand: Command = {
  usage: 'grant-beta <email>',
  description: 'give beta access: the beta badge and 2000 credits',
  async run({ database, args, out }) {
    const [email, ...rest] = args;
    if (!email || !email.includes('@') || rest.length > 0) {
      out('Usage: npm run admin -- grant-beta <email>');
      return 2;
    }
    try {
      const r = await grantBeta({ db: database.db, clock: () => new Date() }, { email });
      out(`${email} now has beta access (${planName(r.subscriptionStatus)} features): ${r.creditsGranted} credits.`);
      return 0;
    } catch (err) {
      if (err instanceof AppError) {
        out(`${err.message}${err.code === 'USER_NOT_FOUND' ? `: no account with the email ${email}. Sign up first, then run this again.` : ''}`);
        return 1;
      }
      throw err;
    }
  },
};
