import { and, eq, gt } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { verification } from '@server/db/schema.js';

/** better-auth's cookie of a sign-in waiting for its second factor (prefix `renderlift`, `__Secure-` over HTTPS). */
const COOKIE = /(?:^|;\s*)(?:__Secure-)?renderlift\.two_factor=([^;]+)/;

/**
 * The account a sign-in waiting for its second factor belongs to, from that step's cookie: its value is the random
 * identifier of a verification row that holds the user id (the cookie's signature after the last dot). Read before the
 * code is checked, since a right code consumes the row; null without a pending sign-in. Used to attach the user to a
 * failed two-factor attempt: an identifier the server did not issue finds no row.
 */
export async function pendingTwoFactorUserId(deps: Pick<Deps, 'db' | 'clock'>, cookieHeader: string | null): Promise<string | null> {
  const raw = cookieHeader ? COOKIE.exec(cookieHeader)?.[1] : undefined;
  if (!raw) return null;
  let signed: string;
  try {
    signed = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = signed.lastIndexOf('.');
  const identifier = dot > 0 ? signed.slice(0, dot) : '';
  if (!identifier) return null;
  const [row] = await deps.db
    .select({ userId: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, deps.clock())))
    .limit(1);
  return row?.userId ?? null;
}
