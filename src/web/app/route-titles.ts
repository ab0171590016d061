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

export function useRouteTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleFor(pathname);
  }, [pathname]);
}
