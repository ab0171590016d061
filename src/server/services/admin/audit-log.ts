import { count, desc } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import type { Executor } from '../credits/ledger.js';
import { adminAuditLog } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { type AdminAction } from '@shared/admin.js';
import type { AuditEntry } from '@shared/api/admin.js';
import { PAGE_SIZE, type Page } from '@shared/pagination.js';

export interface AdminActor {
  id: string;
  email: string;
}

export interface AuditRecord {
  actor: AdminActor;
  action: AdminAction;
  target?: string | null;
  result: 'success' | 'failure';
  details?: Record<string, unknown>;
}

async function recordAdminAction(db: Executor, r: AuditRecord, at: Date): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorId: r.actor.id,
    actorEmail: r.actor.email,
    action: r.action,
    target: r.target ?? null,
    result: r.result,
    details: r.details ?? {},
    createdAt: at,
  });
}

/**
 * Runs one admin action and writes its audit entry whatever happens: success with what the action returns as
 * details, failure with the message the admin was shown. An error that is not the product's own is answered with
 * the seed's failure message for that action and logged.
 */
export async function auditedAdminAction<T>(
  deps: Pick<Deps, 'db' | 'clock' | 'logger'>,
  entry: { actor: AdminActor; action: AdminAction; target?: string | null; failureMessage: string },
  run: () => Promise<{ result: T; details?: Record<string, unknown> }>,
): Promise<T> {
  try {
    const { result, details } = await run();
    await recordAdminAction(deps.db, { ...entry, result: 'success', details }, deps.clock());
    return result;
  } catch (err) {
    const known = err instanceof AppError;
    if (!known) deps.logger.error({ err, action: entry.action }, 'admin action failed');
    const message = known ? err.message : entry.failureMessage;
    await recordAdminAction(deps.db, { ...entry, result: 'failure', details: { message } }, deps.clock()).catch((e) =>
      deps.logger.error({ err: e }, 'audit entry not written'),
    );
    if (known) throw err;
    throw new AppError('ADMIN_ACTION_FAILED', 500, entry.failureMessage);
  }
}

export async function listAuditLog(db: Executor, page: number): Promise<Page<AuditEntry>> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(adminAuditLog),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      actorEmail: r.actorEmail,
      action: r.action as AdminAction,
      target: r.target,
      result: r.result as 'success' | 'failure',
      details: r.details,
      createdAt: r.createdAt.toISOString(),
    })),
    page,
    pageSize: PAGE_SIZE,
    total: Number(total),
  };
}
