/**
 * The catalogue's messages of the app's frame, which every page may show before anything else loads: the error page,
 * the update notice, the 404 page, every route's tab title and the API client's fallback. A module of their own so the first page
 * does not carry the whole catalogue; ./messages.ts includes them, so `msg()` finds them like any other.
 */
export const shellMessages = {
  unexpectedError: 'An unexpected error occurred. Please try again.',
  /** What a user is told when the server does not answer (no answer, or an area's breaker open): the banner and the failed call. */
  connectionLost: 'Connection lost. Please check your connection and try again.',
  connectionLostBanner: 'Connection lost. Trying to reconnect…',
  skipToContent: 'Skip to content',
  somethingWentWrong: 'Something went wrong',
  unexpectedErrorRefresh: 'We encountered an unexpected error. Please try refreshing the page.',
  refreshPage: 'Refresh Page',
  updateAvailable: 'Update Available',
  updateAvailableBody: 'A new version is ready. Please update to get the latest features.',
  notFoundPage: 'Oops! Page not found',
  titleHome: 'Renderlift — AI powered enhancement for 3D renders',
  titleSuffix: '{title} · Renderlift',
  // every route's tab title
  viewportManagerTitle: 'Viewport Manager',
  titleEnhance: 'Enhance',
  titlePricing: 'Pricing',
  titlePaymentSuccess: 'Payment Successful',
  titleProfile: 'Profile',
  titleLogin: 'Log In',
  titleSignup: 'Sign Up',
  titleConfirm: 'Confirm Your Email',
  titleVerify: 'Verify Email',
  titleEmailVerified: 'Email Verified',
  titleForgotPassword: 'Forgot Password',
  titleResetPassword: 'Reset Password',
  titleAbout: 'About',
  titleContact: 'Contact',
  titleFaq: 'FAQ',
  titlePrivacy: 'Privacy Policy',
  titleTerms: 'Terms of Service',
  titleAdmin: 'Admin',
  titleCheckoutTest: 'Test Checkout',
  titleEmailPreview: 'Email Preview',
  titleNotFound: 'Page not found',
} as const;

/** Fills {placeholders} in a catalogue message. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
}
