import type { LabImportReport } from '@hackclass/contracts';
import { Alert, Badge, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { messages } from '@/config/messages';
import { isApiError, isNetworkError } from '@/lib/errors';
import { useAddImportedTarget } from '../api/import-labs';

type ImportedTarget = LabImportReport['targets'][number];

/** The API's sentence for a refused target (its image, outbound, limits), else a general one. */
const refusalText = (error: unknown) =>
  isApiError(error)
    ? (error.detail ?? error.title)
    : isNetworkError(error)
      ? messages.network
      : messages.generic;

/** One target an archive defined: what it would run, and the teacher's choice to add it. */
function TargetToReview({ entry }: { entry: ImportedTarget }) {
  const add = useAddImportedTarget();
  const { target } = entry;
  const variables = target.env.map(({ name }) => name);
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Title order={3} size="h5">
            {entry.lab}
          </Title>
          <Text size="sm">
            <Code>{target.image}</Code> · {target.kind.toUpperCase()} on port {target.port} ·{' '}
            {target.memoryMb} MB, {target.cpus} CPU · {target.lifetimeMinutes} min
          </Text>
          <Group gap={6}>
            {target.outbound ? (
              <Badge color="orange" variant="light">
                Reaches other networks
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                No outbound network
              </Badge>
            )}
            {variables.length > 0 && (
              <Text size="xs" c="dimmed">
                Environment: {variables.join(', ')}
              </Text>
            )}
          </Group>
        </Stack>
        {entry.labId === undefined ? null : add.isSuccess ? (
          <Badge color="green" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
            Added
          </Badge>
        ) : (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            loading={add.isPending}
            onClick={() => entry.labId && add.mutate({ labId: entry.labId, target })}
            aria-label={`Add the live target of ${entry.lab}`}
          >
            Add target
          </Button>
        )}
      </Group>
      {add.isError && (
        <Alert color="red" variant="light" title="Not added">
          {refusalText(add.error)}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The live targets an import brought, none of them added yet: a target runs an image on the
 * school's machine, so its teacher reads what each would run before adding it.
 */
export function ImportedTargets({ targets, dryRun }: Pick<LabImportReport, 'targets' | 'dryRun'>) {
  if (targets.length === 0) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="import-targets">
      <Title order={2} size="h4" id="import-targets" mb={4}>
        Live targets to review
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {dryRun
          ? 'The archive defines these targets. None will be added by the import: once it is done, add only those you trust, as each runs its image on this server.'
          : 'The archive defines these targets. None was added: each runs its image on this server, so add only those you trust.'}
      </Text>
      <Stack gap="md">
        {targets.map((entry) => (
          <TargetToReview key={entry.labId ?? entry.lab} entry={entry} />
        ))}
      </Stack>
    </Card>
  );
}
