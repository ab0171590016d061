/**
 * The web app's pages by path (seed 000 §2, seed 001 §2). The router builds its routes from these, and the server
 * answers index.html with 200 for them and with 404 for any other path ("any other path: 404 page"), so a page that
 * does not exist says so to browsers, crawlers and monitors as well as on screen.
 * A segment `:name` is one path segment; `:name?` is an optional last segment.
 */
export const WEB_ROUTES = {
  home: '/',
  enhance: '/enhance',
  viewports: '/viewports',
  pricing: '/pricing',
  paymentSuccess: '/payment-success',
  checkoutTestPortal: '/checkout-test/portal',
  checkoutTest: '/checkout-test/:sessionId',
  profile: '/profile',
  login: '/login',
  signup: '/signup',
  confirm: '/confirm',
  verify: '/verify/:token?',
  emailVerified: '/email-verified',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token?',
  about: '/about',
  contact: '/contact',
  faq: '/faq',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  admin: '/admin',
  emailPreview: '/email-preview',
} as const;

const segments = (path: string) => path.split('/').filter(Boolean);

function matches(pattern: string, path: string[]): boolean {
  const parts = segments(pattern);
  const optional = parts.at(-1)?.endsWith('?') ?? false;
  if (path.length !== parts.length && !(optional && path.length === parts.length - 1)) return false;
  return path.every((segment, i) => {
    const part = parts[i];
    // the router matches paths without regard to case
    return part.startsWith(':') ? segment.length > 0 : segment.toLowerCase() === part.toLowerCase();
  });
}

/** Whether the router has a page for `pathname` (a trailing slash is the same page, as in the router). */
export function isWebRoute(pathname: string): boolean {
  const path = segments(pathname);
  return Object.values(WEB_ROUTES).some((pattern) => matches(pattern, path));
}
