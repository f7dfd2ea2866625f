import type { LabSummary } from '@hackclass/contracts';
import { Alert, Button, Card, Center, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFile, IconFlag, IconPlus, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Spinner } from '@/components/feedback/spinner';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { useLabs } from '../api/get-labs';
import { pointsLabel } from '../utils/points-label';
import { DifficultyBadge } from './difficulty-badge';

function LabCard({ lab }: { lab: LabSummary }) {
  return (
    <Card withBorder padding="lg" component="article">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            <Text
              component={Link}
              to={paths.hackingLab.getHref(lab.slug)}
              inherit
              c="var(--mantine-color-text)"
              td="none"
            >
              {lab.name}
            </Text>
          </Title>
          <DifficultyBadge difficulty={lab.difficulty} />
        </Group>
        <Text size="sm" c="dimmed">
          {lab.category}
        </Text>
        <Group gap="lg" mt="auto">
          <Group gap={6}>
            <IconTrophy size={16} aria-hidden />
            <Text size="sm">{pointsLabel(lab)}</Text>
          </Group>
          <Group gap={6}>
            <IconFile size={16} aria-hidden />
            <Text size="sm">
              {lab.fileCount} {lab.fileCount === 1 ? 'file' : 'files'}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** The caller's labs as cards, with loading, error and empty states. */
export function LabsList({ canCreate }: { canCreate: boolean }) {
  const labs = useLabs();
  if (labs.isPending) {
    return (
      <Center py="xl">
        <Spinner label="Loading labs" />
      </Center>
    );
  }
  if (labs.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="The labs could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{messages.generic}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void labs.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (labs.data.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Stack align="center" gap="sm" ta="center">
          <IconFlag size={40} stroke={1.4} aria-hidden />
          <Title order={2} size="h3">
            No hacking labs yet
          </Title>
          <Text c="dimmed" maw={440}>
            {canCreate
              ? 'Create a lab with a description, files to download and points to earn, then add it to your classrooms.'
              : 'Labs appear here once a teacher adds them to one of your classrooms.'}
          </Text>
          {canCreate && (
            <Button
              component={Link}
              to={paths.hackingLabCreate.getHref()}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Create lab
            </Button>
          )}
        </Stack>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {labs.data.map((lab) => (
        <LabCard key={lab.id} lab={lab} />
      ))}
    </SimpleGrid>
  );
}
