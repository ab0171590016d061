import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
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

/** Features smooth-scrolls on the landing page; from anywhere else it goes there first and the hash finishes the job. */
function useScrollToFeatures() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return () => {
    if (pathname === '/' && scrollToSection(FEATURES_SECTION_ID)) return;
    navigate({ pathname: '/', hash: `#${FEATURES_SECTION_ID}` });
  };
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

function Footer() {
  const scrollToFeatures = useScrollToFeatures();
  const item = 'rounded text-sm text-zinc-400 outline-none transition-colors hover:text-white focus-visible:ring-2 focus-visible:ring-violet-400';
  const company = [
    ['/about', 'About'],
    ['/contact', 'Contact'],
    ['/faq', 'FAQ'],
    ['/privacy-policy', 'Privacy'],
    ['/terms-of-service', 'Terms'],
  ] as const;
  return (
    <footer className="border-t border-white/[0.06] bg-zinc-950" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          <Logo />
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-zinc-500">
            AI powered enhancement for 3D renders. Upscale and refine a whole project with one choice — no prompts, no sliders, no complexity.
          </p>
        </div>
        <div>
          <h2 className="text-xs font-semibold uppercase tracking-[0.14em] text-zinc-500">Product</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <a
                href={`/#${FEATURES_SECTION_ID}`}
                className={item}
                onClick={(e) => {
                  e.preventDefault();
                  scrollToFeatures();
                }}
              >
                Features
              </a>
            </li>
            <li>
              <Link to="/enhance" className={item}>
                Enhancement
              </Link>
            </li>
            <li>
              <Link to="/pricing" className={item}>
                Pricing
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-xs font-semibold uppercase tracking-[0.14em] text-zinc-500">Company</h2>
          <ul className="mt-4 space-y-3">
            {company.map(([to, label]) => (
              <li key={to}>
                <Link to={to} className={item}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/[0.06]">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-zinc-600 sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <span>© {new Date().getFullYear()} Renderlift</span>
          <span>Made for architects, visualisers and 3D artists.</span>
        </div>
      </div>
    </footer>
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
