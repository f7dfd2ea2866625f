import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { LabsList } from '@/features/labs/components/labs-list';
import { usePageTitle } from '@/hooks/use-page-title';

export function LabsRoute() {
  usePageTitle('Hacking labs');
  const { user } = useCurrentUser();
  const canCreate = user?.can.createLabs ?? false;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1}>Hacking labs</Title>
          <Text c="dimmed">
            {canCreate
              ? 'The labs you created, ready to add to your classrooms.'
              : 'The labs of your classrooms.'}
          </Text>
        </Stack>
        {canCreate && (
          <Group gap="sm">
            <Button
              component={Link}
              to={paths.hackingLabImport.getHref()}
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
            >
              Import labs
            </Button>
            <Button
              component={Link}
              to={paths.hackingLabCreate.getHref()}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Create lab
            </Button>
          </Group>
        )}
      </Group>
      <LabsList canCreate={canCreate} />
    </Stack>
  );
}
