import type { Me } from '@hackclass/contracts';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { usePageTitle } from '@/hooks/use-page-title';

interface AdminPageProps {
  title: string;
  description: string;
  /** What anyone else is told, e.g. "Only admins manage users." */
  refusal: string;
  children: (admin: Me) => ReactNode;
}

/** A page of the admin area: admins see it, anyone else is told they may not. */
export function AdminPage({ title, description, refusal, children }: AdminPageProps) {
  usePageTitle(title);
  const { user } = useCurrentUser();
  if (!user) return null;
  if (!user.can.administer) {
    return (
      <ErrorScreen
        code="403"
        title="Not allowed"
        message={refusal}
        action={
          <Button
            component={Link}
            to={paths.dashboard.getHref()}
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            Back to the dashboard
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{description}</Text>
      </div>
      {children(user)}
    </Stack>
  );
}
