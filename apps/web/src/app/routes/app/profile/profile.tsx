import { Card, Title } from '@mantine/core';
import { PageLoader } from '@/components/feedback/page-loader';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useSession } from '@/features/auth/hooks/use-session';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { usePageTitle } from '@/hooks/use-page-title';

export function ProfileRoute() {
  usePageTitle('Profile');
  const { account } = useCurrentUser();
  const { reloadAccount } = useSession();
  // The SDK's user is there once it has confirmed a page the server rendered.
  if (!account?.firebaseUser) return account ? <PageLoader /> : null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-heading">
      <Title order={2} size="h3" id="profile-heading" mb="md">
        Profile
      </Title>
      <ProfileForm
        key={account.uid}
        identityUser={account.firebaseUser}
        email={account.email}
        emailVerified={account.emailVerified}
        displayName={account.displayName}
        photoUrl={account.photoUrl}
        onUpdated={reloadAccount}
      />
    </Card>
  );
}
