import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isPaidStatus } from '@shared/plans';
import { useMe } from './session';
import { FullAreaSpinner } from '@web/ui/spinner';

/**
 * Route guards (seed 000 §2): a spinner while the session loads, nothing rendered while redirecting.
 * They only steer the browser; every rule is checked again by the server.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data: me, isLoading } = useMe();
  const location = useLocation();
  if (isLoading) return <FullAreaSpinner />;
  if (!me) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/** /enhance: signed in and a paid subscription_status (basic, pro, professional, business, enterprise), else /pricing. */
export function RequirePaidPlan({ children }: { children: ReactNode }) {
  const { data: me, isLoading } = useMe();
  const location = useLocation();
  if (isLoading) return <FullAreaSpinner />;
  if (!me) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  // the pricing page says why the browser landed there
  if (!isPaidStatus(me.profile?.subscription_status)) return <Navigate to="/pricing" replace state={{ paidPlanRequired: true }} />;
  return <>{children}</>;
}

/** /admin: signed in and the admin role; anyone else sees the 404 page, so the route does not reveal itself. */
export function RequireAdmin({ children, notFound }: { children: ReactNode; notFound: ReactNode }) {
  const { data: me, isLoading } = useMe();
  const location = useLocation();
  if (isLoading) return <FullAreaSpinner />;
  if (!me) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (me.user.role !== 'admin') return <>{notFound}</>;
  return <>{children}</>;
}
