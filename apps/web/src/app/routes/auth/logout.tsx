import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { usePageTitle } from '@/hooks/use-page-title';

/** Spec §4: sign out, forget the user's data, go to the login page (replacing this entry). */
export function LogoutRoute() {
  usePageTitle('Log out');
  const { logout } = useSession();
  const [done, setDone] = useState(false);

  useEffect(() => {
    logout()
      .catch((error: unknown) => console.error(error))
      .finally(() => setDone(true));
  }, [logout]);

  if (!done) return <PageLoader label="Logging out" fullScreen />;
  return <Navigate to={paths.login.getHref()} replace />;
}
