import { count, desc, eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { creditLedger, imageJobs, profiles } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import { creditAllowance } from '@shared/plans.js';
import { hasComplimentaryPlan } from '../billing/entitlement.js';
import { LEDGER_PAGE_SIZE, RECENT_ACTIVITY_LIMIT, ledgerLabel, type LedgerReason } from '@shared/profile.js';
import type { CreditsSummary, LedgerEntry } from '@shared/api/credits.js';
import type { Page } from '@shared/pagination.js';

/** The Credits tab (seed 000 §2, seed 001 §9): balance, allowance, next reset and the last 10 jobs. */
export async function creditsSummary(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<CreditsSummary> {
  const [p] = await deps.db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (!p) throw notFound('Profile not found');
  const recent = await deps.db
    .select({
      id: imageJobs.id,
      createdAt: imageJobs.createdAt,
      workflowType: imageJobs.workflowType,
      mode: imageJobs.mode,
      scale: imageJobs.scale,
      creditsUsed: imageJobs.creditsUsed,
      status: imageJobs.status,
    })
    .from(imageJobs)
    .where(eq(imageJobs.userId, userId))
    .orderBy(desc(imageJobs.createdAt))
    .limit(RECENT_ACTIVITY_LIMIT);
  return {
    credits_remaining: p.creditsRemaining,
    allowance: creditAllowance(p.subscriptionStatus, p.betaAccess),
    resets_at: p.creditsResetAt?.toISOString() ?? null,
    subscription_status: p.subscriptionStatus,
    beta_access: p.betaAccess,
    complimentary: await hasComplimentaryPlan(deps, userId, deps.clock()),
    recent: recent.map((j) => ({
      id: j.id,
      created_at: j.createdAt.toISOString(),
      workflow_type: j.workflowType,
      mode: j.mode,
      scale: j.scale,
      credits_used: j.creditsUsed,
      status: j.status,
    })),
  };
}

async function ledgerRows(deps: Pick<Deps, 'db'>, userId: string, limit: number, offset: number): Promise<LedgerEntry[]> {
  const rows = await deps.db
    .select({ l: creditLedger, job: { workflowType: imageJobs.workflowType, mode: imageJobs.mode, scale: imageJobs.scale, status: imageJobs.status } })
    .from(creditLedger)
    .leftJoin(imageJobs, eq(imageJobs.id, creditLedger.jobId))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ l, job }) => ({
    id: l.id,
    created_at: l.createdAt.toISOString(),
    reason: l.reason as LedgerReason,
    delta: l.delta,
    balance_after: l.balanceAfter,
    job_id: l.jobId,
    job: job && job.workflowType ? { workflow_type: job.workflowType, mode: job.mode, scale: job.scale, status: job.status } : null,
    invoice_id: l.invoiceId,
  }));
}

/** Every grant, reset, reserve, charge and release of the user's credits, newest first. */
export async function creditLedgerPage(deps: Pick<Deps, 'db'>, userId: string, page: number): Promise<Page<LedgerEntry>> {
  const [items, [{ total }]] = await Promise.all([
    ledgerRows(deps, userId, LEDGER_PAGE_SIZE, (page - 1) * LEDGER_PAGE_SIZE),
    deps.db.select({ total: count() }).from(creditLedger).where(eq(creditLedger.userId, userId)),
  ]);
  return { items, page, pageSize: LEDGER_PAGE_SIZE, total: Number(total) };
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // quoted when needed; a leading =, +, - or @ is defused so a spreadsheet never runs it as a formula
  const safe = /^[=+\-@]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The whole ledger as CSV for a studio's accountant: one row per movement, oldest last. */
export async function creditLedgerCsv(deps: Pick<Deps, 'db'>, userId: string): Promise<string> {
  const lines = ['date,reason,description,credits,balance_after,job_id,job,invoice_id'];
  for (let offset = 0; ; offset += 1000) {
    const rows = await ledgerRows(deps, userId, 1000, offset);
    for (const r of rows) {
      const job = r.job ? (r.job.workflow_type === 'remove' ? 'removal' : `${r.job.mode ?? ''} x${r.job.scale ?? ''}`) : null;
      lines.push([r.created_at, r.reason, ledgerLabel(r), r.delta, r.balance_after, r.job_id, job, r.invoice_id].map(csvCell).join(','));
    }
    if (rows.length < 1000) break;
  }
  return lines.join('\r\n') + '\r\n';
}
