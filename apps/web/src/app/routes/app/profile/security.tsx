import { Card, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { toast } from '@/components/toast/toast';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { DeleteAccountSection } from '@/features/profile/components/delete-account-section';
import { usePageTitle } from '@/hooks/use-page-title';

export function SecurityRoute() {
  usePageTitle('Security');
  const { account, user } = useCurrentUser();
  const navigate = useNavigate();
  // The SDK's user is there once it has confirmed a page the server rendered.
  if (!account?.firebaseUser) return account ? <PageLoader /> : null;

  const onDeleted = () => {
    toast.success('Account deleted', 'Your HackClass account and its data are gone.');
    navigate(paths.logout.getHref(paths.home.getHref()), { replace: true });
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="security-heading">
        <Title order={2} size="h3" id="security-heading">
          Change password
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Enter your current password to confirm it is you.
        </Text>
        <ChangePasswordForm identityUser={account.firebaseUser} email={account.email} />
      </Card>
      <DeleteAccountSection
        identityUser={account.firebaseUser}
        email={account.email}
        creates={!!user && (user.can.createClassrooms || user.can.createLabs)}
        onDeleted={onDeleted}
      />
    </Stack>
  );
}
