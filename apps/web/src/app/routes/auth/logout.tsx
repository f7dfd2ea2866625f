import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { usePageTitle } from '@/hooks/use-page-title';
import { sameOriginPath } from '@/lib/safe-redirect';

/**
 * Signs out, forgets the user's data, goes to the login page (replacing this entry), or to
 * the page `next` names. Signing out here, outside the signed-in pages, means no guard of theirs
 * sends the user to login first.
 */
export function LogoutRoute() {
  usePageTitle('Log out');
  const { logout } = useSession();
  const [searchParams] = useSearchParams();
  const next = sameOriginPath(searchParams.get('next')) ?? paths.login.getHref();
  const [done, setDone] = useState(false);

  useEffect(() => {
    logout()
      .catch((error: unknown) => console.error(error))
      .finally(() => setDone(true));
  }, [logout]);

  if (!done) return <PageLoader label="Logging out" fullScreen />;
  return <Navigate to={next} replace />;
}
