import { eq, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { businessCustomers, profiles, user } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import type { BusinessProfileData, ProfileUpdate } from '@shared/profile.js';
import type { BusinessProfile } from '@shared/api/profile.js';
import { getProfile, type ProfileDto } from './get-profile.js';

/** seed 001 §7.2: first and last name of the signed-in user's own profile (the e-mail cannot be changed). */
export async function updateProfileName(deps: Pick<Deps, 'db' | 'clock' | 'storage'>, userId: string, input: ProfileUpdate): Promise<ProfileDto> {
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(profiles)
      .set({ firstName: input.first_name || null, lastName: input.last_name || null, updatedAt: deps.clock() })
      .where(eq(profiles.userId, userId))
      .returning({ id: profiles.id });
    if (updated.length === 0) throw notFound('Profile not found');
    // the display name better-auth shows follows the profile
    const name = `${input.first_name} ${input.last_name}`.trim();
    if (name) await tx.update(user).set({ name, updatedAt: deps.clock() }).where(eq(user.id, userId));
  });
  return getProfile(deps, userId);
}

export async function getBusinessProfile(deps: Pick<Deps, 'db'>, userId: string): Promise<BusinessProfile | null> {
  const [row] = await deps.db
    .select({
      company_name: businessCustomers.companyName,
      vat_id: businessCustomers.vatId,
      country_code: businessCustomers.countryCode,
      business_type: businessCustomers.businessType,
      industry: businessCustomers.industry,
    })
    .from(businessCustomers)
    .where(eq(businessCustomers.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * seed 001 §7.2 business_customers upsert (billing_address always {}), and the profile becomes a business one with
 * the same company name and VAT ID: a personal account turns into a business account here.
 */
export async function saveBusinessProfile(deps: Pick<Deps, 'db' | 'clock'>, userId: string, input: BusinessProfileData): Promise<BusinessProfile> {
  return deps.db.transaction(async (tx) => {
    const [profile] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
    if (!profile) throw notFound('Profile not found');
    const values = {
      companyName: input.company_name,
      vatId: input.vat_id,
      countryCode: input.country_code,
      businessType: input.business_type,
      industry: input.industry,
      billingAddress: {},
    };
    await tx
      .insert(businessCustomers)
      .values({ userId, profileId: profile.id, ...values })
      .onConflictDoUpdate({ target: businessCustomers.userId, set: { ...values, updatedAt: sql`now()` } });
    await tx
      .update(profiles)
      .set({ isBusiness: true, companyName: input.company_name, vatId: input.vat_id, updatedAt: deps.clock() })
      .where(eq(profiles.userId, userId));
    return {
      company_name: input.company_name,
      vat_id: input.vat_id,
      country_code: input.country_code,
      business_type: input.business_type,
      industry: input.industry,
    };
  });
}
