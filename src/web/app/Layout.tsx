import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Menu } from 'lucide-react';
import { NavCreditsCompact } from '../features/auth/NavCreditsCompact';
import { scrollToSection } from '../features/landing/scroll';
import { Button } from '../ui/button';
import { Logo } from './Logo';
import { ServiceStatusBanner } from '../features/service-status/ServiceStatusBanner';
import { UpdateNotice } from '../features/updates/UpdateNotice';
import { useRouteTitle } from './route-titles';
import { Footer } from './Footer';
import { AccountArea, NavLinks } from './NavParts';
import { ConnectionBanner } from './ConnectionBanner';
import { MAIN_ID, SkipLink } from './SkipLink';

const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(loadMobileMenu);

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
  // the phone menu's sheet (Radix dialog) is loaded when it is first wanted
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  const headerRef = useHeaderHeight();

  return (
    <div ref={headerRef} className="fixed inset-x-0 top-0 z-40" data-testid="site-header">
      <ServiceStatusBanner />
      <ConnectionBanner />
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
          <Button
            variant="ghost"
            size="icon"
            className="sm:hidden"
            ref={menuButton}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={open}
            onPointerEnter={loadMobileMenu}
            onFocus={loadMobileMenu}
            onClick={() => {
              setMenuWanted(true);
              setOpen(true);
            }}
          >
            <Menu className="size-5" aria-hidden />
          </Button>
          {menuWanted && (
            <Suspense fallback={null}>
              <MobileMenu open={open} onOpenChange={setOpen} returnFocusTo={menuButton} />
            </Suspense>
          )}
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
      <SkipLink />
      <ScrollManager settle />
      <TopNav />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 pt-[var(--nav-height,4rem)] outline-none">
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
      <SkipLink />
      <ScrollManager />
      <TopNav />
      <main id={MAIN_ID} tabIndex={-1} className="relative flex-1 overflow-hidden pt-[var(--nav-height,4rem)] outline-none">
        <Outlet />
      </main>
      <UpdateNotice />
    </div>
  );
}

/** A window of its own (the Viewport Manager): no navigation, but the skip link and the connection banner. */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <ConnectionBanner />
      {children}
    </>
  );
}
