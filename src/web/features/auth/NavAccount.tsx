import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@web/ui/dropdown-menu';
import { Coins, LogOut, Settings, ShieldCheck, Sparkles, User } from 'lucide-react';
import { accountPlanLabel } from '@shared/plans';
import { authApi } from './api';
import { leaveSignedOut, useMe, useSessionKeepAlive, type Me } from './session';
import { checkSubscriptionOnMenuOpen } from '../billing/hooks';
import { formatCredits } from '@shared/credit-cost';

export function initialsOf(me: Me): string {
  const first = me.profile?.first_name?.trim();
  const last = me.profile?.last_name?.trim();
  if (first || last) return `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase();
  return me.user.email.slice(0, 2).toUpperCase();
}

/** seed 000 §2: the name, or the local part of the e-mail. */
export function displayNameOf(me: Me): string {
  const name = [me.profile?.first_name, me.profile?.last_name].filter(Boolean).join(' ').trim();
  return name || me.user.email.split('@')[0];
}

/**
 * The signed-in navigation (seed 000 §2): 'N credits', a beta badge, and the user menu with initials, name, credits,
 * tier, Profile, Settings and Log out (→ /). The layout shows Sign Up and Log In when signed out.
 */
export function NavAccount() {
  const { data: me } = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useSessionKeepAlive(!!me);
  if (!me) return null;

  const credits = me.profile?.credits_remaining ?? 0;
  const logOut = async () => {
    await authApi.signOut('local').catch(() => undefined);
    await leaveSignedOut(navigate, queryClient);
  };

  return (
    <div className="flex items-center gap-3" data-testid="nav-signed-in">
      {/* the top bar shows this area from the small-screen breakpoint up; phones see it in the menu sheet */}
      <span className="inline-flex items-center gap-1 text-sm text-zinc-300" data-testid="nav-credits">
        <Coins className="h-4 w-4" aria-hidden />
        {formatCredits(credits)}
      </span>
      {me.profile?.beta_access && (
        <span className="inline-flex items-center gap-1 rounded-full bg-violet-500/15 px-2 py-0.5 text-xs font-semibold text-violet-200 ring-1 ring-violet-400/30">
          <Sparkles className="h-3 w-3" aria-hidden />
          Beta
        </span>
      )}
      <DropdownMenu
        onOpenChange={(open) => {
          // seed 001 §7.5 check-subscription: a plan changed elsewhere (a webhook, another tab) shows in the menu
          if (open) void checkSubscriptionOnMenuOpen(queryClient, me.profile?.subscription_status);
        }}
      >
        <DropdownMenuTrigger asChild>
          <button
            type="button"
            aria-label="Account menu"
            className="flex h-9 w-9 items-center justify-center overflow-hidden rounded-full bg-violet-600 text-sm font-semibold text-white outline-none ring-violet-400 focus-visible:ring-2"
          >
            {me.profile?.avatar_url ? <img src={me.profile.avatar_url} alt="" className="size-full object-cover" data-testid="nav-avatar" /> : initialsOf(me)}
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>
            <p className="font-medium text-zinc-100">{displayNameOf(me)}</p>
            <p className="text-xs text-zinc-400">
              {formatCredits(credits)} remaining ·{' '}
              {accountPlanLabel({
                subscription_status: me.profile?.subscription_status,
                beta_access: !!me.profile?.beta_access,
                complimentary: me.profile?.complimentary,
              })}
            </p>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => navigate('/profile')}>
            <User aria-hidden /> Profile
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate('/profile?tab=settings')}>
            <Settings aria-hidden /> Settings
          </DropdownMenuItem>
          {me.user.role === 'admin' && (
            <DropdownMenuItem onSelect={() => navigate('/admin')}>
              <ShieldCheck aria-hidden /> Admin
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void logOut()}>
            <LogOut aria-hidden /> Log out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

/** The balance in the top bar of a phone, beside the menu button (the account area itself lives in the menu sheet there). */
