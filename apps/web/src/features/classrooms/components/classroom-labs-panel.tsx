import type { ClassroomLab } from '@hackclass/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconCircleCheck, IconFlag, IconServer } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { EmptyState } from '@/components/feedback/list-states';
import { useAddClassroomLab } from '../api/add-classroom-lab';
import { useMyLabs } from '../api/get-my-labs';
import { useRemoveClassroomLab } from '../api/remove-classroom-lab';
import { FirstSolverNote } from './first-solve-mark';
import { LabPoints } from './lab-points';

interface ClassroomLabsPanelProps {
  classroomId: string;
  labs: ClassroomLab[];
  canManage: boolean;
  /** The lab page, when the app has one. */
  labHref?: (lab: ClassroomLab) => string;
}

const difficultyColors = {
  Easy: 'green',
  Medium: 'yellow',
  Hard: 'orange',
  Insane: 'red',
} as const;

function AddLabForm({ classroomId, present }: { classroomId: string; present: Set<string> }) {
  const myLabs = useMyLabs();
  const add = useAddClassroomLab(classroomId);
  const [labId, setLabId] = useState<string | null>(null);
  const options = (myLabs.data ?? [])
    .filter((lab) => !present.has(lab.id))
    .map((lab) => ({ value: lab.id, label: lab.name }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (labId) add.mutate(labId, { onSuccess: () => setLabId(null) });
      }}
      aria-label="Add lab"
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label="Add a lab"
          placeholder={
            myLabs.isPending
              ? 'Loading your labs…'
              : myLabs.isError
                ? 'Your labs could not be loaded'
                : myLabs.data.length === 0
                  ? 'You have no labs yet'
                  : options.length === 0
                    ? 'All your labs are added'
                    : 'Choose one of your labs'
          }
          data={options}
          value={labId}
          onChange={setLabId}
          searchable
          disabled={options.length === 0}
          nothingFoundMessage="No lab matches"
          style={{ flex: 1, maxWidth: 360 }}
        />
        {myLabs.isError ? (
          <Button variant="light" color="red" onClick={() => void myLabs.refetch()}>
            Try again
          </Button>
        ) : (
          <Button type="submit" disabled={!labId} loading={add.isPending}>
            Add lab
          </Button>
        )}
      </Group>
    </form>
  );
}

export function ClassroomLabsPanel({
  classroomId,
  labs,
  canManage,
  labHref,
}: ClassroomLabsPanelProps) {
  const remove = useRemoveClassroomLab(classroomId);
  const [removing, setRemoving] = useState<ClassroomLab | null>(null);
  return (
    <Stack>
      {canManage && (
        <Paper withBorder p="md">
          <AddLabForm classroomId={classroomId} present={new Set(labs.map((lab) => lab.id))} />
        </Paper>
      )}
      {labs.length === 0 ? (
        <EmptyState icon={<IconFlag size={24} />} title="No labs yet">
          {canManage
            ? 'Add one of your hacking labs so that members can solve it.'
            : 'The teacher has not added any hacking labs to this classroom yet.'}
        </EmptyState>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={520}>
            <Table highlightOnHover verticalSpacing="sm" aria-label="Hacking labs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Lab</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Difficulty</Table.Th>
                  <Table.Th ta="right">Points</Table.Th>
                  <Table.Th ta="right">Solves</Table.Th>
                  {canManage && (
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {labs.map((lab) => (
                  <Table.Tr key={lab.id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {labHref ? (
                          <Anchor component={Link} to={labHref(lab)} size="sm" fw={500}>
                            {lab.name}
                          </Anchor>
                        ) : (
                          <Text size="sm" fw={500}>
                            {lab.name}
                          </Text>
                        )}
                        {lab.solved && (
                          <Badge
                            size="sm"
                            variant="light"
                            color="green"
                            radius={0}
                            leftSection={<IconCircleCheck size={12} aria-hidden />}
                            style={{ flexShrink: 0 }}
                          >
                            Solved
                          </Badge>
                        )}
                        {lab.hasTarget && (
                          <Badge
                            size="sm"
                            variant="light"
                            color="blue"
                            radius={0}
                            leftSection={<IconServer size={12} aria-hidden />}
                            style={{ flexShrink: 0 }}
                          >
                            Live target
                          </Badge>
                        )}
                      </Group>
                      {lab.firstSolver && <FirstSolverNote name={lab.firstSolver.name} />}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{lab.category}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" size="sm" color={difficultyColors[lab.difficulty]}>
                        {lab.difficulty}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      <LabPoints lab={lab} />
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace" data-testid="solve-count">
                      {lab.solveCount}
                    </Table.Td>
                    {canManage && (
                      <Table.Td ta="right">
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setRemoving(lab)}
                          aria-label={`Remove ${lab.name}`}
                        >
                          Remove
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ConfirmModal
        opened={removing !== null}
        title="Remove lab"
        confirmLabel="Remove"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })
        }
      >
        Remove {removing?.name} from this classroom? The lab itself stays in your list.
      </ConfirmModal>
    </Stack>
  );
}
