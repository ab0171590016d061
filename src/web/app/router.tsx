import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { WEB_ROUTES } from '@shared/web-routes';
import { AppLayout, Layout, StandaloneFrame } from './Layout';
import { RouteError } from './RouteError';
import { Spinner } from '../ui/spinner';
import { RequireAdmin, RequireAuth, RequirePaidPlan } from '../features/auth/guards';
import { LandingPage } from '../pages/landing/LandingPage';
import { NotFoundPage } from '../pages/NotFoundPage';

// account, billing and workspace screens load when they are opened, so the landing page stays light
const AboutPage = lazy(() => import('../pages/AboutPage').then((m) => ({ default: m.AboutPage })));
const PrivacyPolicyPage = lazy(() => import('../pages/PrivacyPolicyPage').then((m) => ({ default: m.PrivacyPolicyPage })));
const TermsOfServicePage = lazy(() => import('../pages/TermsOfServicePage').then((m) => ({ default: m.TermsOfServicePage })));
const FaqPage = lazy(() => import('../pages/FaqPage').then((m) => ({ default: m.FaqPage })));
const EnhancePage = lazy(() => import('../pages/enhance/EnhancePage'));
const ViewportManagerPage = lazy(() => import('../pages/viewport-manager'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SignupPage = lazy(() => import('../features/auth/SignupPage'));
const ConfirmPage = lazy(() => import('../features/auth/ConfirmPage'));
const VerifyPage = lazy(() => import('../features/auth/VerifyPage'));
const EmailVerifiedPage = lazy(() => import('../features/auth/EmailVerifiedPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const PricingPage = lazy(() => import('../pages/pricing/PricingPage'));
const PaymentSuccessPage = lazy(() => import('../pages/payment-success/PaymentSuccessPage'));
const ProfilePage = lazy(() => import('../pages/ProfilePage'));
const ContactPage = lazy(() => import('../pages/ContactPage'));
const AdminPage = lazy(() => import('../pages/AdminPage'));
const EmailPreviewPage = lazy(() => import('../pages/EmailPreviewPage'));
const CheckoutTestPage = lazy(() => import('../pages/checkout-test/CheckoutTestPage'));
const TestPortalPage = lazy(() => import('../pages/checkout-test/CheckoutTestPage').then((m) => ({ default: m.TestPortalPage })));

const Loading = () => (
  <div className="flex h-full min-h-[50vh] items-center justify-center">
    <Spinner className="size-8" />
  </div>
);
const suspense = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [{ path: WEB_ROUTES.enhance, element: <RequirePaidPlan>{suspense(<EnhancePage />)}</RequirePaidPlan> }],
  },
  // the Viewport Manager opens as a window of its own, without the site frame
  {
    path: WEB_ROUTES.viewports,
    element: (
      <StandaloneFrame>
        <RequireAuth>{suspense(<ViewportManagerPage />)}</RequireAuth>
      </StandaloneFrame>
    ),
    errorElement: <RouteError />,
  },
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        // inside the site frame: a broken page keeps the navigation, so the user can go elsewhere
        errorElement: <RouteError />,
        children: [
          { path: WEB_ROUTES.home, element: <LandingPage /> },
          { path: WEB_ROUTES.pricing, element: suspense(<PricingPage />) },
          { path: WEB_ROUTES.paymentSuccess, element: suspense(<PaymentSuccessPage />) },
          // local test-mode payments (no Stripe key): the built-in checkout and portal pages
          { path: WEB_ROUTES.checkoutTestPortal, element: <RequireAuth>{suspense(<TestPortalPage />)}</RequireAuth> },
          { path: WEB_ROUTES.checkoutTest, element: <RequireAuth>{suspense(<CheckoutTestPage />)}</RequireAuth> },
          { path: WEB_ROUTES.profile, element: <RequireAuth>{suspense(<ProfilePage />)}</RequireAuth> },
          { path: WEB_ROUTES.login, element: suspense(<LoginPage />) },
          { path: WEB_ROUTES.signup, element: suspense(<SignupPage />) },
          { path: WEB_ROUTES.confirm, element: suspense(<ConfirmPage />) },
          { path: WEB_ROUTES.verify, element: suspense(<VerifyPage />) },
          { path: WEB_ROUTES.emailVerified, element: suspense(<EmailVerifiedPage />) },
          { path: WEB_ROUTES.forgotPassword, element: suspense(<ForgotPasswordPage />) },
          { path: WEB_ROUTES.resetPassword, element: suspense(<ResetPasswordPage />) },
          { path: WEB_ROUTES.about, element: suspense(<AboutPage />) },
          { path: WEB_ROUTES.contact, element: suspense(<ContactPage />) },
          { path: WEB_ROUTES.faq, element: suspense(<FaqPage />) },
          { path: WEB_ROUTES.privacyPolicy, element: suspense(<PrivacyPolicyPage />) },
          { path: WEB_ROUTES.termsOfService, element: suspense(<TermsOfServicePage />) },
          {
            path: WEB_ROUTES.admin,
            element: <RequireAdmin notFound={<NotFoundPage />}>{suspense(<AdminPage />)}</RequireAdmin>,
          },
          { path: WEB_ROUTES.emailPreview, element: suspense(<EmailPreviewPage />) },
          // any other path; the server answers it with 404 too (src/shared/web-routes.ts)
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
