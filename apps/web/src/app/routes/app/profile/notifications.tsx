import { Center, Title } from '@mantine/core';
import { Spinner } from '@/components/feedback/spinner';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { NotificationsList } from '@/features/notifications/components/notifications-list';
import { usePageTitle } from '@/hooks/use-page-title';

export function NotificationsRoute() {
  usePageTitle('Notifications');
  const { user } = useCurrentUser();
  return (
    <section aria-labelledby="notifications-heading">
      <Title order={2} size="h3" id="notifications-heading" mb="md">
        Notifications
      </Title>
      {user ? (
        <NotificationsList userId={user.id} />
      ) : (
        <Center py="xl">
          <Spinner label="Loading notifications" />
        </Center>
      )}
    </section>
  );
}
