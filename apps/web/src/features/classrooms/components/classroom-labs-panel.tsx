import type { ClassroomLab } from '@hackclass/contracts';
import {
  Anchor,
  Badge,
  Button,
  Collapse,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendarClock, IconCircleCheck, IconFlag, IconServer } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { FormAlert } from '@/components/feedback/form-alert';
import { EmptyState } from '@/components/feedback/list-states';
import { LabScheduleFields } from '@/components/form/lab-schedule-fields';
import { messages } from '@/config/messages';
import {
  emptySchedule,
  type ScheduleErrors,
  scheduleErrorsOf,
  scheduleRequestOf,
} from '@/lib/schedule-form';
import { useAddClassroomLab } from '../api/add-classroom-lab';
import { useMyLabs } from '../api/get-my-labs';
import { useRemoveClassroomLab } from '../api/remove-classroom-lab';
import { EditScheduleModal } from './edit-schedule-modal';
import { FirstSolverNote } from './first-solve-mark';
import { LabPoints } from './lab-points';
import { LabScheduleBadges } from './lab-schedule-badges';

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

function AddLabForm({ classroomId, labs }: { classroomId: string; labs: ClassroomLab[] }) {
  const myLabs = useMyLabs();
  const add = useAddClassroomLab(classroomId);
  const [labId, setLabId] = useState<string | null>(null);
  const [scheduled, setScheduled] = useState(false);
  const [schedule, setSchedule] = useState(emptySchedule);
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const present = new Set(labs.map((lab) => lab.id));
  const options = (myLabs.data ?? [])
    .filter((lab) => !present.has(lab.id))
    .map((lab) => ({ value: lab.id, label: lab.name }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!labId) return;
    const checked = scheduled ? scheduleRequestOf(schedule) : { request: {} };
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    add.mutate(
      { hackingLabId: labId, ...checked.request },
      {
        onSuccess: () => {
          setLabId(null);
          setScheduled(false);
          setSchedule(emptySchedule);
        },
        onError: (error) => {
          const fields = scheduleErrorsOf(error);
          if (fields) {
            setScheduled(true);
            setErrors(fields);
          } else setFailure(messages.classroomLabAddFailed);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Add lab" noValidate>
      <Stack gap="sm">
        <FormAlert message={failure} />
        <Group align="flex-end" gap="xs" wrap="wrap">
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
            style={{ flex: 1, minWidth: 220, maxWidth: 360 }}
          />
          <Button
            variant="default"
            leftSection={<IconCalendarClock size={16} aria-hidden />}
            aria-expanded={scheduled}
            onClick={() => setScheduled((open) => !open)}
          >
            {scheduled ? 'Remove schedule' : 'Add a schedule'}
          </Button>
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
        <Collapse expanded={scheduled}>
          {scheduled && (
            <LabScheduleFields
              values={schedule}
              errors={errors}
              onChange={(change) => setSchedule((current) => ({ ...current, ...change }))}
              otherLabs={labs.map((lab) => ({ value: lab.id, label: lab.name }))}
            />
          )}
        </Collapse>
      </Stack>
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
  const [scheduling, setScheduling] = useState<ClassroomLab | null>(null);
  return (
    <Stack>
      {canManage && (
        <Paper withBorder p="md">
          <AddLabForm classroomId={classroomId} labs={labs} />
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
                      <Stack gap={4}>
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
                        <LabScheduleBadges lab={lab} />
                        {lab.firstSolver && <FirstSolverNote name={lab.firstSolver.name} />}
                      </Stack>
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
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => setScheduling(lab)}
                            aria-label={`Edit schedule of ${lab.name}`}
                          >
                            Schedule
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setRemoving(lab)}
                            aria-label={`Remove ${lab.name}`}
                          >
                            Remove
                          </Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <EditScheduleModal
        classroomId={classroomId}
        lab={scheduling}
        labs={labs}
        onClose={() => setScheduling(null)}
      />
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
