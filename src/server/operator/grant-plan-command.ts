import type { Command } from './command.js';
import { AppError } from '../errors.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { GRANTABLE_TIERS, isGrantableTier, planName } from '@shared/plans.js';

const USAGE = `Usage: npm run admin -- grant-plan <email> <${GRANTABLE_TIERS.join('|')}> [--until YYYY-MM-DD]`;

/** "--until 2026-06-30" means through that day (UTC). */
export function parseUntil(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const d = new Date(`${value}T23:59:59.999Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value ? undefined : d;
}

/** The complimentary plan of the admin panel, from the terminal (seed 001 §7.5 grant-complimentary-plan). */
export const grantPlanCommand: Command = {
  usage: 'grant-plan <email> <tier> [--until YYYY-MM-DD]',
  description: `give a complimentary plan (${GRANTABLE_TIERS.join(', ')}) and at least its monthly credits`,
  async run({ database, args, out }) {
    const positional: string[] = [];
    let until: Date | undefined;
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (a === '--until' || a.startsWith('--until=')) {
        const value = a === '--until' ? args[++i] : a.slice('--until='.length);
        until = value ? parseUntil(value) : undefined;
        if (!until) {
          out(`--until needs a date as YYYY-MM-DD, got ${value ?? 'nothing'}.\n${USAGE}`);
          return 2;
        }
      } else positional.push(a);
    }
    const [email, tier] = positional;
    if (!email || !email.includes('@') || !tier || positional.length > 2) {
      out(USAGE);
      return 2;
    }
    if (!isGrantableTier(tier.toLowerCase())) {
      out(`Unknown plan "${tier}". Choose one of ${GRANTABLE_TIERS.join(', ')}.`);
      return 2;
    }
    try {
      const r = await grantPlan({ db: database.db, clock: () => new Date() }, { email, tier, until });
      const untilText = r.expiresAt ? ` until ${r.expiresAt.toISOString().slice(0, 10)}` : ' with no end date';
      out(`${email} now has the ${planName(r.tier)} plan${untilText}: credits ${r.balanceBefore} → ${r.balanceAfter}.`);
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
