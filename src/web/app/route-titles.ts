/** Every route has a tab title of its own, so a row of Renderlift tabs can be told apart. */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { msg, type MessageKey } from '../../shared/messages';

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
  if (pathname === '/' || pathname === '') return msg('titleHome');
  const found = TITLES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return msg('titleSuffix', { title: msg(found ? found[1] : 'titleNotFound') });
}

export function useRouteTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleFor(pathname);
  }, [pathname]);
}
