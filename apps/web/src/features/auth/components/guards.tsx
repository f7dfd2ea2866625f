import { useIsMutating } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { paths } from '@/config/paths';
import { sameOriginPath } from '@/lib/safe-redirect';
import { useMe } from '../api/get-me';
import { signInMutationKey } from '../api/sign-in-key';
import { useSession } from '../hooks/use-session';

/**
 * Signed-in pages: a visitor goes to the login page with the way back; an account
 * with an unverified email goes to the verify-email page. Nothing of the page renders before the
 * user is known, so going back after logout shows no private data.
 */
export function RequireUser() {
  const { state } = useSession();
  const location = useLocation();
  const account = state.status === 'signed-in' ? state.account : undefined;
  const me = useMe(account?.emailVerified ? account.uid : undefined);

  if (state.status === 'loading') return <PageLoader />;
  if (!account) {
    return <Navigate to={paths.login.getHref(location.pathname + location.search)} replace />;
  }
  if (!account.emailVerified) {
    return <Navigate to={paths.verifyEmail.getHref(account.email)} replace />;
  }
  // A failed fetch signs the user out (query meta), and this guard then sends them to login.
  if (!me.data) return <PageLoader />;
  return <Outlet />;
}

/**
 * Guests-only pages: a signed-in user goes to the `redirect` target or the dashboard, except
 * while a sign-in on this page is still finishing its own steps.
 */
export function RequireGuest() {
  const { state } = useSession();
  const [searchParams] = useSearchParams();
  const signingIn = useIsMutating({ mutationKey: [...signInMutationKey] }) > 0;

  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'signed-in' && !signingIn) {
    const target = sameOriginPath(searchParams.get('redirect')) ?? paths.dashboard.getHref();
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
