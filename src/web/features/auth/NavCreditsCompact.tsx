import { Link } from 'react-router';
import { Coins } from 'lucide-react';
import { useMe } from './session';
import { creditsUnit } from '@shared/credit-cost';

/** The phone's credit balance in the navigation bar, beside the menu button. */
export function NavCreditsCompact() {
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <Link
      to="/profile?tab=credits"
      className="inline-flex items-center gap-1 rounded-full bg-white/5 px-2.5 py-1 text-sm text-zinc-200 ring-1 ring-white/10 sm:hidden"
      data-testid="nav-credits-phone"
    >
      <Coins className="h-4 w-4" aria-hidden />
      {(me.profile?.credits_remaining ?? 0).toLocaleString('en-US')}
      <span className="sr-only">{creditsUnit(me.profile?.credits_remaining ?? 0)}</span>
    </Link>
  );
}
