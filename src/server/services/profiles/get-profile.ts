import { eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { profiles } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import { avatarUrl } from './avatar.js';
import { hasComplimentaryPlan } from '../billing/entitlement.js';

export type ProfileRow = typeof profiles.$inferSelect;

/** Profile as the API shows it: the seed's snake_case field names, and a signed URL of the picture. */
function toProfileDto(p: ProfileRow, avatar: string | null = null, complimentary = false) {
  return {
    id: p.id,
    user_id: p.userId,
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
    credits_remaining: p.creditsRemaining,
    beta_access: p.betaAccess,
    subscription_status: p.subscriptionStatus,
    /** The plan comes from a complimentary grant (accountPlanLabel says so). */
    complimentary,
    is_business: p.isBusiness,
    company_name: p.companyName,
    vat_id: p.vatId,
    created_at: p.createdAt.toISOString(),
    avatar_url: avatar,
  };
}
export type ProfileDto = ReturnType<typeof toProfileDto>;

export async function getProfile(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, userId: string): Promise<ProfileDto> {
  const [row] = await deps.db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (!row) throw notFound('Profile not found');
  return toProfileDto(row, await avatarUrl(deps, row.avatarPath), await hasComplimentaryPlan(deps, userId, deps.clock()));
}
