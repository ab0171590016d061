import { Link } from 'react-router';
import { AlertTriangle, Download } from 'lucide-react';
import { Button } from '@web/ui/button';
import { Spinner } from '@web/ui/spinner';
import { cn } from '@web/lib/cn';
import { isLowOnCredits, enhanceCreditCost, jobCreditsLabel, scaledSize, CREDIT_PIXELS_PER_STEP } from '@shared/credit-cost';
import { accountPlanLabel, isPaidStatus } from '@shared/plans';
import { ledgerLabel } from '@shared/profile';
import { PagedList, when } from '@web/ui/paged-list';
import { profileApi, useCredits } from './api';
import { SettingsCard } from './Card';
import { formatDate } from '@web/lib/dates';

const EXAMPLE = { width: 1200, height: 800 };
const jobLabel = (j: { workflow_type: string; mode: string | null; scale: number | null }) =>
  j.workflow_type === 'remove' ? 'Object removal' : `${j.mode ? j.mode[0].toUpperCase() + j.mode.slice(1) : 'Enhance'} ×${j.scale ?? ''}`;

/** seed 000 §2 Credits tab, seed 001 §9: the credits bar, pricing per resolution, recent activity, and the whole ledger. */
export function CreditsTab() {
  const { data, isLoading } = useCredits();
  if (isLoading || !data) return <Spinner className="size-6" label="Loading credits" />;
  const pct = data.allowance > 0 ? Math.min(100, Math.round((data.credits_remaining / data.allowance) * 100)) : 0;
  const free = !isPaidStatus(data.subscription_status);
  return (
    <div className="space-y-6">
      <SettingsCard title="Credits" testId="credits-card">
        <p className="text-3xl font-semibold tabular-nums text-white">
          {data.credits_remaining} <span className="text-base font-normal text-zinc-400">of {data.allowance} this month</span>
        </p>
        <div
          className="mt-3 h-2 overflow-hidden rounded-full bg-white/10"
          role="progressbar"
          aria-label="Credits remaining"
          aria-valuenow={pct}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className={cn('h-full rounded-full', isLowOnCredits(data.credits_remaining) ? 'bg-amber-500' : 'bg-violet-500')} style={{ width: `${pct}%` }} />
        </div>
        <p className="mt-2 text-sm text-zinc-400" data-testid="credits-plan">
          {accountPlanLabel(data)}
          {data.resets_at ? ` · resets to ${data.allowance} on ${formatDate(data.resets_at)}` : ''}
        </p>
        {isLowOnCredits(data.credits_remaining) && (
          <p
            role="status"
            className="mt-4 flex items-center gap-2 rounded-lg border border-amber-900/60 bg-amber-950/40 px-3 py-2 text-sm text-amber-200"
            data-testid="low-credits"
          >
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            You are running low on credits: {data.credits_remaining} left.
          </p>
        )}
        {free && (
          <Button asChild className="mt-4">
            <Link to="/pricing">Upgrade for more credits</Link>
          </Button>
        )}
      </SettingsCard>

      <SettingsCard title="Pricing per resolution">
        <p className="text-sm text-zinc-400">
          An enhancement costs one credit per started {CREDIT_PIXELS_PER_STEP} px of the result's longest side. Object removal costs 1 credit. A failed or
          cancelled job costs nothing.
        </p>
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">
            Credits for a {EXAMPLE.width} × {EXAMPLE.height} render
          </caption>
          <thead className="text-xs uppercase tracking-wide text-zinc-500">
            <tr>
              <th className="py-2 font-medium">
                A {EXAMPLE.width} × {EXAMPLE.height} render at
              </th>
              <th className="py-2 font-medium">Result</th>
              <th className="py-2 text-right font-medium">Credits</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {[2, 4, 6].map((s) => {
              const out = scaledSize(EXAMPLE.width, EXAMPLE.height, s);
              return (
                <tr key={s}>
                  <td className="py-2 text-zinc-200">×{s}</td>
                  <td className="py-2 text-zinc-400">
                    {out.width} × {out.height}
                  </td>
                  <td className="py-2 text-right font-semibold tabular-nums text-white">{enhanceCreditCost(EXAMPLE.width, EXAMPLE.height, s)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </SettingsCard>

      <SettingsCard title="Recent activity" testId="recent-activity">
        {data.recent.length === 0 ? (
          <p className="text-sm text-zinc-400">
            No enhancements yet.{' '}
            <Link to="/enhance" className="text-violet-300 hover:underline">
              Enhance your first render
            </Link>
          </p>
        ) : (
          <ul className="divide-y divide-white/5 text-sm">
            {data.recent.map((j) => (
              <li key={j.id} className="flex flex-wrap items-baseline gap-x-3 py-2">
                <span className="text-zinc-100">{jobLabel(j)}</span>
                <span className="text-xs capitalize text-zinc-500">{j.status}</span>
                <span className="ml-auto tabular-nums text-zinc-300">{jobCreditsLabel(j)}</span>
                <span className="w-40 text-right text-xs text-zinc-500">{when(j.created_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </SettingsCard>

      <SettingsCard
        title="Credit history"
        testId="credit-ledger"
        action={
          <Button asChild variant="secondary" size="sm">
            <a href="/api/credits/ledger.csv" download>
              <Download aria-hidden /> Export CSV
            </a>
          </Button>
        }
      >
        <PagedList
          queryKey={['credits', 'ledger']}
          load={profileApi.ledger}
          empty="No credit movements yet."
          row={(e) => (
            <div className="flex flex-wrap items-baseline gap-x-3">
              <span className="text-zinc-100">{ledgerLabel(e)}</span>
              {e.job && <span className="text-xs text-zinc-500">{jobLabel(e.job)}</span>}
              <span className={cn('ml-auto font-semibold tabular-nums', e.delta < 0 ? 'text-zinc-300' : 'text-emerald-300')}>
                {e.delta > 0 ? `+${e.delta}` : e.delta === 0 ? '—' : e.delta}
              </span>
              <span className="w-20 text-right text-xs tabular-nums text-zinc-500">= {e.balance_after}</span>
              <span className="w-40 text-right text-xs text-zinc-500">{when(e.created_at)}</span>
            </div>
          )}
        />
      </SettingsCard>
    </div>
  );
}
