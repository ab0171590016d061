import { eq, sql } from 'drizzle-orm';
import type { Tx } from '@server/db/database.js';
import { businessCustomers, profiles } from '@server/db/schema.js';
import type { BusinessInfo } from '@shared/billing.js';

/**
 * The subscription details dialog's answers (seed 000 §3): saved to business_customers with billing_address as an
 * empty object, as the seed does; a business's company name and VAT ID also go on the profile, so the next
 * checkout goes straight to payment.
 */
export async function saveBusinessInfo(tx: Tx, userId: string, info: BusinessInfo): Promise<void> {
  const [profile] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId));
  if (!profile) return;
  const values = {
    companyName: info.isBusiness ? (info.companyName ?? null) : null,
    vatId: info.vatId ?? null,
    countryCode: info.country,
    businessType: info.isBusiness ? (info.businessType ?? null) : null,
    industry: info.isBusiness ? (info.industry ?? null) : null,
    billingAddress: {},
  };
  await tx
    .insert(businessCustomers)
    .values({ userId, profileId: profile.id, ...values })
    .onConflictDoUpdate({ target: businessCustomers.userId, set: { ...values, updatedAt: sql`now()` } });
  if (info.isBusiness) {
    await tx
      .update(profiles)
      .set({ isBusiness: true, companyName: info.companyName ?? null, vatId: info.vatId ?? null, updatedAt: sql`now()` })
      .where(eq(profiles.userId, userId));
  }
}
