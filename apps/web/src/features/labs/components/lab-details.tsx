import { Alert, Badge, Button, Card, Center, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconCategory, IconPencil, IconPlus, IconServer, IconTrophy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/feedback/spinner';
import { Markdown } from '@/components/markdown/markdown';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/errors';
import { useLab } from '../api/get-lab';
import { pointsLabel } from '../utils/points-label';
import { DeleteLabButton } from './delete-lab-button';
import { DifficultyBadge } from './difficulty-badge';
import { LabFileList } from './lab-file-list';

interface LabDetailsProps {
  slug: string;
  apiBaseUrl: string;
  /** Shown above the files, e.g. the flag form when the lab is opened from a classroom. */
  aside?: ReactNode;
  /** More actions beside Edit and Delete, e.g. exporting the lab. */
  actions?: ReactNode;
  onDeleted(): void;
}

/** A lab: its description, facts, files, and the actions the caller may take on it. */
export function LabDetails({ slug, apiBaseUrl, aside, actions, onDeleted }: LabDetailsProps) {
  const lab = useLab(slug);

  if (lab.isPending) {
    return (
      <Center py="xl">
        <Spinner label="Loading the lab" />
      </Center>
    );
  }
  if (lab.isError) {
    const missing = isApiError(lab.error) && lab.error.status === 404;
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1}>{missing ? 'Lab not found' : 'The lab could not be loaded'}</Title>
        <Alert color={missing ? 'gray' : 'red'} variant="light" role="alert" w="100%">
          {missing ? 'This lab does not exist, or you may not see it.' : messages.generic}
        </Alert>
        <Button component={Link} to={paths.hackingLabs.getHref()} variant="default">
          Back to hacking labs
        </Button>
      </Stack>
    );
  }

  const data = lab.data;
  const { can } = data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {data.name}
          </Title>
          <Group gap="sm">
            <DifficultyBadge difficulty={data.difficulty} />
            <Group gap={4}>
              <IconCategory size={16} aria-hidden />
              <Text size="sm">{data.category}</Text>
            </Group>
            <Group gap={4}>
              <IconTrophy size={16} aria-hidden />
              <Text size="sm">{pointsLabel(data)}</Text>
            </Group>
            {data.target && (
              <Group gap={4}>
                <IconServer size={16} aria-hidden />
                <Text size="sm">
                  Live {data.target.kind === 'http' ? 'web' : 'TCP'} target,{' '}
                  {data.target.lifetimeMinutes} min
                  {data.target.flagMode === 'per-student' ? ', a flag per student' : ''}
                </Text>
              </Group>
            )}
          </Group>
        </Stack>
        {(can.edit || can.addToClassrooms || can.delete || actions) && (
          <Group gap="sm">
            {can.edit && (
              <Button
                component={Link}
                to={paths.hackingLabEdit.getHref(data.slug)}
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                Edit
              </Button>
            )}
            {can.addToClassrooms && (
              <Button
                component={Link}
                to={paths.hackingLabAddToClassroom.getHref(data.slug)}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                Add to classroom
              </Button>
            )}
            {actions}
            {can.delete && <DeleteLabButton lab={data} onDeleted={onDeleted} />}
          </Group>
        )}
      </Group>
      {can.edit && data.target?.refused && (
        <Alert color="red" variant="light" title="The live target cannot start">
          {data.target.refused.message}.
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="lg" component="section" aria-labelledby="lab-description">
            <Title order={2} size="h4" id="lab-description" mb="sm">
              Description
            </Title>
            {data.description.trim() ? (
              <Markdown>{data.description}</Markdown>
            ) : (
              <Text c="dimmed" size="sm">
                No description.
              </Text>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {aside}
            <Card withBorder padding="lg" component="section" aria-labelledby="lab-files">
              <Title order={2} size="h4" id="lab-files" mb="sm">
                Files
              </Title>
              <LabFileList labId={data.id} files={data.files} apiBaseUrl={apiBaseUrl} />
            </Card>
            {can.addToClassrooms && (
              <Card withBorder padding="lg" component="section" aria-labelledby="lab-classrooms">
                <Title order={2} size="h4" id="lab-classrooms" mb="sm">
                  In your classrooms
                </Title>
                {data.classrooms.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Not in any classroom yet.
                  </Text>
                ) : (
                  <Group gap="xs">
                    {data.classrooms.map((classroom) => (
                      <Badge
                        key={classroom.id}
                        component={Link}
                        to={paths.classroom.getHref(classroom.id)}
                        variant="default"
                        radius={0}
                        style={{ cursor: 'pointer', textTransform: 'none' }}
                      >
                        {classroom.name}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
