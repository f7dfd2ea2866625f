import { ApiTokensPanel } from '@/features/api-tokens/components/api-tokens-panel';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { usePageTitle } from '@/hooks/use-page-title';

export function ApiTokensRoute() {
  usePageTitle('API tokens');
  const { user } = useCurrentUser();
  return <ApiTokensPanel isAdmin={user?.can.administer ?? false} />;
}
