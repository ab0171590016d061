import { and, eq, inArray, like, not } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { planGrants } from '@server/db/schema.js';
import type { AccountDeletionParticipant } from '../accounts/account-deletion.js';

/** A deleted account must not go on being charged: its running subscriptions end at the provider after the deletion commits. */
export function paymentsDeletionParticipant(deps: Pick<Deps, 'payments' | 'logger'>): AccountDeletionParticipant {
  return {
    name: 'payments',
    async prepare({ tx, userId }) {
      const subs = await tx
        .select({ id: planGrants.stripeSubscriptionId })
        .from(planGrants)
        .where(
          and(
            eq(planGrants.userId, userId),
            eq(planGrants.source, 'stripe'),
            inArray(planGrants.status, ['active', 'past_due']),
            not(like(planGrants.stripeSubscriptionId, 'sub_local_%')),
          ),
        );
      const ids = subs.map((s) => s.id).filter((id): id is string => !!id);
      if (ids.length === 0) return;
      return async () => {
        for (const id of ids) {
          try {
            await deps.payments.cancelNow(id);
          } catch (err) {
            deps.logger.error({ err, subscriptionId: id, userId }, 'could not cancel the subscription of a deleted account; cancel it in the Stripe dashboard');
          }
        }
      };
    },
  };
}
