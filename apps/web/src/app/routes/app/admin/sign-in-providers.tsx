import { SignInProvidersPanel } from '@/features/sign-in-providers/components/sign-in-providers-panel';
import { AdminPage } from './admin-page';

/** Admins set up the schools' own sign-in services, each a "Continue with" button. */
export function AdminSignInProvidersRoute() {
  return (
    <AdminPage
      title="Sign-in providers"
      description="Your schools’ own sign-in services (OpenID Connect), so people sign in with their school account."
      refusal="Only admins manage sign-in providers."
    >
      {() => <SignInProvidersPanel />}
    </AdminPage>
  );
}
