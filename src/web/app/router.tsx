import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppLayout, Layout } from './Layout';
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
    children: [{ path: '/enhance', element: <RequirePaidPlan>{suspense(<EnhancePage />)}</RequirePaidPlan> }],
  },
  // the Viewport Manager opens as a window of its own, without the site frame
  { path: '/viewports', element: <RequireAuth>{suspense(<ViewportManagerPage />)}</RequireAuth>, errorElement: <RouteError /> },
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        // inside the site frame: a broken page keeps the navigation, so the user can go elsewhere
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/pricing', element: suspense(<PricingPage />) },
          { path: '/payment-success', element: suspense(<PaymentSuccessPage />) },
          // local test-mode payments (no Stripe key): the built-in checkout and portal pages
          { path: '/checkout-test/portal', element: <RequireAuth>{suspense(<TestPortalPage />)}</RequireAuth> },
          { path: '/checkout-test/:sessionId', element: <RequireAuth>{suspense(<CheckoutTestPage />)}</RequireAuth> },
          { path: '/profile', element: <RequireAuth>{suspense(<ProfilePage />)}</RequireAuth> },
          { path: '/login', element: suspense(<LoginPage />) },
          { path: '/signup', element: suspense(<SignupPage />) },
          { path: '/confirm', element: suspense(<ConfirmPage />) },
          { path: '/verify/:token?', element: suspense(<VerifyPage />) },
          { path: '/email-verified', element: suspense(<EmailVerifiedPage />) },
          { path: '/forgot-password', element: suspense(<ForgotPasswordPage />) },
          { path: '/reset-password/:token?', element: suspense(<ResetPasswordPage />) },
          { path: '/about', element: suspense(<AboutPage />) },
          { path: '/contact', element: suspense(<ContactPage />) },
          { path: '/faq', element: suspense(<FaqPage />) },
          { path: '/privacy-policy', element: suspense(<PrivacyPolicyPage />) },
          { path: '/terms-of-service', element: suspense(<TermsOfServicePage />) },
          {
            path: '/admin',
            element: <RequireAdmin notFound={<NotFoundPage />}>{suspense(<AdminPage />)}</RequireAdmin>,
          },
          { path: '/email-preview', element: suspense(<EmailPreviewPage />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
