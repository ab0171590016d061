/** Every route has a tab title of its own, so a row of Renderlift tabs can be told apart. */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { fill, shellMessages } from '@shared/shell-messages';

type MessageKey = keyof typeof shellMessages;

const TITLES: Array<[prefix: string, key: MessageKey]> = [
  ['/enhance', 'titleEnhance'],
  ['/pricing', 'titlePricing'],
  ['/payment-success', 'titlePaymentSuccess'],
  ['/profile', 'titleProfile'],
  ['/login', 'titleLogin'],
  ['/signup', 'titleSignup'],
  ['/confirm', 'titleConfirm'],
  ['/verify', 'titleVerify'],
  ['/email-verified', 'titleEmailVerified'],
  ['/forgot-password', 'titleForgotPassword'],
  ['/reset-password', 'titleResetPassword'],
  ['/about', 'titleAbout'],
  ['/contact', 'titleContact'],
  ['/faq', 'titleFaq'],
  ['/privacy-policy', 'titlePrivacy'],
  ['/terms-of-service', 'titleTerms'],
  ['/admin', 'titleAdmin'],
  ['/checkout-test', 'titleCheckoutTest'],
  ['/email-preview', 'titleEmailPreview'],
  ['/viewports', 'viewportManagerTitle'],
];

export function titleFor(pathname: string): string {
  if (pathname === '/' || pathname === '') return shellMessages.titleHome;
  const found = TITLES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return fill(shellMessages.titleSuffix, { title: shellMessages[found ? found[1] : 'titleNotFound'] });
}

/**
 * A screen that shows something other than its route's page (the 404 page on /admin for anyone but an admin) names
 * itself here. React runs a child's effects before its frame's, so the frame reads this instead of overwriting it.
 */
let shown: { pathname: string; key: MessageKey } | null = null;

const titled = (pathname: string) => (shown?.pathname === pathname ? fill(shellMessages.titleSuffix, { title: shellMessages[shown.key] }) : titleFor(pathname));

export function useRouteTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titled(pathname);
  }, [pathname]);
}

/** The tab title of the screen shown, whatever route it is shown on; the route's own title comes back after it. */
export function useScreenTitle(key: MessageKey): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const mine = { pathname, key };
    shown = mine;
    document.title = titled(pathname);
    return () => {
      if (shown !== mine) return;
      shown = null;
      document.title = titleFor(window.location.pathname);
    };
  }, [pathname, key]);
}
