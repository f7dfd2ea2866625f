import { AllApiTokensPanel } from '@/features/api-tokens/components/all-api-tokens-panel';
import { AdminPage } from './admin-page';

/** Admins see everyone's personal API tokens, and revoke any. */
export function AdminApiTokensRoute() {
  return (
    <AdminPage
      title="API tokens"
      description="Everyone’s personal API tokens: whose, what they may do, when last used."
      refusal="Only admins see everyone’s API tokens."
    >
      {() => <AllApiTokensPanel />}
    </AdminPage>
  );
}
