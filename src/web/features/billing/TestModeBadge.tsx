import { FlaskConical } from 'lucide-react';
import { billingText } from '@shared/billing';

/** Shown wherever a payment would happen while payments run in local test mode. */
export function TestModeBadge() {
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
      data-testid="test-mode-badge"
    >
      <FlaskConical className="h-3.5 w-3.5" aria-hidden />
      {billingText.testMode}
    </span>
  );
}
