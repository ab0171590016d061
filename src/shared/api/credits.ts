/** The Credits tab (/api/credits): balance, allowance, recent activity and the whole ledger. */
import { z } from 'zod';
import { LEDGER_REASONS } from '../profile.js';
import { IsoDateTime, pageOf } from './common.js';

export const ActivityItem = z
  .strictObject({
    id: z.string(),
    created_at: IsoDateTime,
    workflow_type: z.enum(['enhance', 'remove']),
    mode: z.string().nullable(),
    scale: z.number().nullable(),
    credits_used: z.number(),
    status: z.string(),
  })
  .meta({ id: 'ActivityItem' });
export type ActivityItem = z.infer<typeof ActivityItem>;

export const CreditsSummary = z
  .strictObject({
    credits_remaining: z.number().int(),
    /** The plan's monthly allowance (beta: 2000): the credits bar's denominator. */
    allowance: z.number().int(),
    resets_at: IsoDateTime.nullable(),
    subscription_status: z.string(),
    beta_access: z.boolean(),
    /** The plan comes from a complimentary grant. */
    complimentary: z.boolean(),
    recent: z.array(ActivityItem),
  })
  .meta({ id: 'CreditsSummary' });
export type CreditsSummary = z.infer<typeof CreditsSummary>;

export const LedgerEntry = z
  .strictObject({
    id: z.number().int(),
    created_at: IsoDateTime,
    reason: z.enum(LEDGER_REASONS),
    delta: z.number().int(),
    balance_after: z.number().int(),
    job_id: z.string().nullable(),
    job: z.strictObject({ workflow_type: z.string(), mode: z.string().nullable(), scale: z.number().nullable(), status: z.string() }).nullable(),
    invoice_id: z.string().nullable(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LedgerPage = pageOf(LedgerEntry);
export type LedgerPage = z.infer<typeof LedgerPage>;
