import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { useAuth } from '../features/auth/useAuth';
import { FEATURES_SECTION_ID } from '../features/landing/scroll';
import { Button } from '../ui/button';
import { cn } from '../lib/cn';
import { useScrollToFeatures } from './scroll-to-features';

// the account menu (Radix menu, popper) loads only for a signed-in visitor: the landing page stays light
const NavAccount = lazy(() => import('../features/auth/NavAccount').then((m) => ({ default: m.NavAccount })));

const navLinkClass = (active: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-violet-400',
    active ? 'text-white' : 'text-zinc-400 hover:text-white',
  );

export function NavLinks({ onNavigate, vertical = false }: { onNavigate?: () => void; vertical?: boolean }) {
  const scrollToFeatures = useScrollToFeatures();
  const cls = (active: boolean) => cn(navLinkClass(active), vertical && 'px-3 py-3 text-base');
  return (
    <>
      <a
        href={`/#${FEATURES_SECTION_ID}`}
        className={cls(false)}
        onClick={(e) => {
          e.preventDefault();
          onNavigate?.();
          scrollToFeatures();
        }}
      >
        Features
      </a>
      {(
        [
          ['/enhance', 'Enhance'],
          ['/pricing', 'Pricing'],
          ['/about', 'About'],
        ] as const
      ).map(([to, label]) => (
        <NavLink key={to} to={to} className={({ isActive }) => cls(isActive)} onClick={onNavigate}>
          {label}
        </NavLink>
      ))}
    </>
  );
}

/** Signed out: Sign Up and Log In; loading: a placeholder of the same size so the bar does not jump. */
export function AccountArea({ stacked = false }: { stacked?: boolean }) {
  const { status } = useAuth();
  const placeholder = (
    <div aria-hidden data-testid="nav-auth-loading" className={cn('animate-pulse rounded-lg bg-white/5', stacked ? 'h-24 w-full' : 'h-9 w-44')} />
  );
  if (status === 'loading') return placeholder;
  if (status === 'signed-in') return <Suspense fallback={placeholder}>{<NavAccount />}</Suspense>;
  return (
    <div className={cn('flex items-center gap-2', stacked && 'flex-col items-stretch')} data-testid="nav-signed-out">
      <Button asChild variant={stacked ? 'secondary' : 'ghost'} size={stacked ? 'lg' : 'sm'}>
        <Link to="/signup">Sign Up</Link>
      </Button>
      <Button asChild size={stacked ? 'lg' : 'sm'}>
        <Link to="/login">Log In</Link>
      </Button>
    </div>
  );
}
