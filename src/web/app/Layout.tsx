import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Menu } from 'lucide-react';
import { NavAccount, NavCreditsCompact } from '../features/auth/NavAccount';
import { useAuth } from '../features/auth/useAuth';
import { FEATURES_SECTION_ID, scrollToSection } from '../features/landing/scroll';
import { Button } from '../ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../ui/sheet';
import { cn } from '../lib/cn';
import { Logo } from './Logo';
import { ServiceStatusBanner } from '../features/service-status/ServiceStatusBanner';
import { UpdateNotice } from '../features/updates/UpdateNotice';
import { useRouteTitle } from './route-titles';
import { Footer } from './Footer';
import { useScrollToFeatures } from './scroll-to-features';

/** seed 000 §2: every route change scrolls to the top; a #hash (Features from another page) scrolls to its section. */
function ScrollManager({ settle = false }: { settle?: boolean }) {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    if (hash && scrollToSection(hash.slice(1))) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (!settle) return;
    // a smooth scroll still running from the previous page would otherwise carry on from here
    const frame = requestAnimationFrame(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, settle]);
  return null;
}

const navLinkClass = (active: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-violet-400',
    active ? 'text-white' : 'text-zinc-400 hover:text-white',
  );

function NavLinks({ onNavigate, vertical = false }: { onNavigate?: () => void; vertical?: boolean }) {
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
function AccountArea({ stacked = false }: { stacked?: boolean }) {
  const { status } = useAuth();
  if (status === 'loading') {
    return <div aria-hidden data-testid="nav-auth-loading" className={cn('animate-pulse rounded-lg bg-white/5', stacked ? 'h-24 w-full' : 'h-9 w-44')} />;
  }
  if (status === 'signed-in') return <NavAccount />;
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

/** The fixed header's height (banner and navigation) as --nav-height, which the pages below it lay out by. */
function useHeaderHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const apply = () => document.documentElement.style.setProperty('--nav-height', `${el.offsetHeight}px`);
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return ref;
}

function TopNav() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  const headerRef = useHeaderHeight();

  return (
    <div ref={headerRef} className="fixed inset-x-0 top-0 z-40" data-testid="site-header">
      <ServiceStatusBanner />
      <header className="border-b border-white/[0.06] bg-zinc-950/80 backdrop-blur-xl" data-testid="top-nav">
        <nav className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8" aria-label="Main">
          <Logo />
          <div className="hidden items-center gap-1 sm:flex">
            <NavLinks />
          </div>
          <div className="hidden sm:block">
            <AccountArea />
          </div>
          <div className="ml-auto sm:hidden">
            <NavCreditsCompact />
          </div>
          <Sheet open={open} onOpenChange={setOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="sm:hidden" aria-label="Open menu">
                <Menu className="size-5" aria-hidden />
              </Button>
            </SheetTrigger>
            <SheetContent side="right" data-testid="mobile-menu">
              <SheetTitle className="sr-only">Menu</SheetTitle>
              <SheetDescription className="sr-only">Site navigation</SheetDescription>
              <Logo onClick={() => setOpen(false)} />
              <div className="mt-8 flex flex-col gap-1">
                <NavLinks vertical onNavigate={() => setOpen(false)} />
              </div>
              <div className="mt-auto border-t border-white/10 pt-6">
                <AccountArea stacked />
              </div>
            </SheetContent>
          </Sheet>
        </nav>
      </header>
    </div>
  );
}

/** The shared frame of every page: fixed navigation, content below it, footer. */
export function Layout() {
  useRouteTitle();
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollManager settle />
      <TopNav />
      <main className="flex-1 pt-[var(--nav-height,4rem)]">
        <Outlet />
      </main>
      <Footer />
      <UpdateNotice />
    </div>
  );
}

/** The workspace fills the screen below the navigation: no footer. */
export function AppLayout() {
  useRouteTitle();
  return (
    <div className="flex h-screen flex-col overflow-hidden">
      <ScrollManager />
      <TopNav />
      <main className="relative flex-1 overflow-hidden pt-[var(--nav-height,4rem)]">
        <Outlet />
      </main>
      <UpdateNotice />
    </div>
  );
}
