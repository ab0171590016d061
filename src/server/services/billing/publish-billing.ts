import { eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { profiles } from '@server/db/schema.js';

/** seed 001 §7.3: profiles UPDATE goes to its owner; the navigation's credits and plan follow it. */
export async function publishBilling(deps: Pick<Deps, 'db' | 'events' | 'logger'>, userId: string) {
  try {
    const [p] = await deps.db
      .select({ credits: profiles.creditsRemaining, status: profiles.subscriptionStatus, beta: profiles.betaAccess })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    if (!p) return;
    await deps.events.publish({ type: 'profile', to: userId, data: { credits_remaining: p.credits, subscription_status: p.status, beta_access: p.beta } });
  } catch (err) {
    // the page reloads its profile on focus; the change itself is saved
    deps.logger.warn({ err, userId }, 'could not publish billing update');
  }
}
