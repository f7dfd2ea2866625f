import { Card, Text, Title } from '@mantine/core';
import { useCurrentUser } from '@/features/auth/hooks/use-session';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { usePageTitle } from '@/hooks/use-page-title';

export function SecurityRoute() {
  usePageTitle('Security');
  const { account } = useCurrentUser();
  if (!account) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="security-heading">
      <Title order={2} size="h3" id="security-heading">
        Change password
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Enter your current password to confirm it is you.
      </Text>
      <ChangePasswordForm identityUser={account.firebaseUser} email={account.email} />
    </Card>
  );
}
