import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/database.js';
import { verification } from '@server/db/schema.js';

// no 0/O or 1/I: codes are read from an e-mail and typed by hand
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type CodePurpose = 'email-verification' | 'password-reset';

// seed 001 §9: verification and reset links expire in 24 hours
const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;

function generateCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

const identifierFor = (purpose: CodePurpose, code: string) => `${purpose}:${createHash('sha256').update(code).digest('hex')}`;

/**
 * Stores a fresh one-time code for the user in better-auth's verification table, replacing the user's earlier codes of
 * the same purpose. Only a hash is stored; the identifier carries it so that a code alone (the link) finds its user.
 */
export async function issueCode(db: Db | Tx, purpose: CodePurpose, userId: string, length: number, now: Date): Promise<string> {
  await db.delete(verification).where(and(like(verification.identifier, `${purpose}:%`), eq(verification.value, userId)));
  for (;;) {
    const code = generateCode(length);
    const identifier = identifierFor(purpose, code);
    // short codes can collide with another user's live code; draw again rather than make one code ambiguous
    const [clash] = await db.select({ id: verification.id }).from(verification).where(eq(verification.identifier, identifier)).limit(1);
    if (clash) continue;
    await db.insert(verification).values({
      id: randomUUID(),
      identifier,
      value: userId,
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
      createdAt: now,
      updatedAt: now,
    });
    return code;
  }
}

export type CodeLookup = { state: 'valid'; userId: string } | { state: 'expired'; userId: string } | { state: 'unknown' };

/** Finds the user a code belongs to without using it up. */
export async function lookupCode(db: Db | Tx, purpose: CodePurpose, code: string, now: Date): Promise<CodeLookup> {
  const [row] = await db
    .select()
    .from(verification)
    .where(eq(verification.identifier, identifierFor(purpose, code)))
    .limit(1);
  if (!row) return { state: 'unknown' };
  if (row.expiresAt.getTime() <= now.getTime()) return { state: 'expired', userId: row.value };
  return { state: 'valid', userId: row.value };
}

/** Removes every code of this purpose the user holds (after use, or when the account goes). */
export async function revokeCodes(db: Db | Tx, purpose: CodePurpose, userId: string): Promise<void> {
  await db.delete(verification).where(and(like(verification.identifier, `${purpose}:%`), eq(verification.value, userId)));
}
