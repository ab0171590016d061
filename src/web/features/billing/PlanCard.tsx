import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { formatEuro, formatPlanPrice, planFeatures, type Plan } from '@shared/plans';

/** One plan: name, monthly price in euro, credits and features, and the action the caller chooses. */
export function PlanCard(props: { plan: Plan; highlighted?: boolean; current?: boolean; action: ReactNode }) {
  const { plan } = props;
  return (
    <div
      data-testid={`plan-card-${plan.key}`}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-zinc-950 ${
        props.highlighted ? 'border-violet-500 ring-2 ring-violet-500/30' : 'border-zinc-200 dark:border-zinc-800'
      }`}
    >
      {props.current ? (
        <span className="absolute -top-3 left-6 rounded-full bg-emerald-600 px-3 py-0.5 text-xs font-semibold text-white">Your Plan</span>
      ) : (
        props.highlighted && (
          <span className="absolute -top-3 left-6 rounded-full bg-violet-600 px-3 py-0.5 text-xs font-semibold text-white">Most Popular</span>
        )
      )}
      <h2 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{plan.name}</h2>
      <p className="mt-3 text-zinc-900 dark:text-zinc-50" data-testid="plan-price" aria-label={formatPlanPrice(plan)}>
        {plan.priceEurPerMonth === null ? (
          <span className="text-3xl font-bold tracking-tight">Custom</span>
        ) : (
          <>
            <span className="text-3xl font-bold tracking-tight">{formatEuro(plan.priceEurPerMonth * 100)}</span>
            <span className="text-sm text-zinc-500 dark:text-zinc-400">/month</span>
          </>
        )}
      </p>
      <ul className="mt-6 flex-1 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
        {planFeatures(plan).map((f) => (
          <li key={f} className="flex items-start gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-violet-600" aria-hidden />
            {f}
          </li>
        ))}
      </ul>
      <div className="mt-6">{props.action}</div>
    </div>
  );
}
