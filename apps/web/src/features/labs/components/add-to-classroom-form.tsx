import { Alert, Button, Center, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/feedback/form-alert';
import { Spinner } from '@/components/feedback/spinner';
import { FormActions } from '@/components/form/form-actions';
import { LabScheduleFields } from '@/components/form/lab-schedule-fields';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import {
  emptySchedule,
  type ScheduleErrors,
  scheduleErrorsOf,
  scheduleRequestOf,
} from '@/lib/schedule-form';
import { useAddLabToClassroom } from '../api/add-lab-to-classroom';
import { useLab } from '../api/get-lab';
import { useManagedClassrooms } from '../api/get-managed-classrooms';

interface AddToClassroomFormProps {
  slug: string;
  onAdded(classroomName: string, labName: string): void;
  onCancel(): void;
}

/** Picks one of the caller's managed classrooms and adds the lab to it. */
export function AddToClassroomForm({ slug, onAdded, onCancel }: AddToClassroomFormProps) {
  const lab = useLab(slug);
  const classrooms = useManagedClassrooms();
  const add = useAddLabToClassroom();
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [scheduled, setScheduled] = useState(false);
  const [schedule, setSchedule] = useState(emptySchedule);
  const [scheduleErrors, setScheduleErrors] = useState<ScheduleErrors>({});

  if (lab.isPending || classrooms.isPending) {
    return (
      <Center py="xl">
        <Spinner label="Loading your classrooms" />
      </Center>
    );
  }
  if (lab.isError || classrooms.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{messages.generic}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => {
              if (lab.isError) void lab.refetch();
              if (classrooms.isError) void classrooms.refetch();
            }}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const using = new Set(lab.data.classrooms.map((classroom) => classroom.id));
  const options = classrooms.data;

  if (options.length === 0) {
    return (
      <Stack gap="md" align="flex-start">
        <Text>You do not manage any classroom yet. Create one first, then add labs to it.</Text>
        <Button component={Link} to={paths.classrooms.getHref()} variant="default">
          Go to classrooms
        </Button>
      </Stack>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const classroom = options.find((item) => item.id === choice);
    if (!classroom) {
      setError('Choose a classroom');
      return;
    }
    const checked = scheduled ? scheduleRequestOf(schedule) : { request: {} };
    if ('errors' in checked) {
      setScheduleErrors(checked.errors);
      return;
    }
    setError(null);
    setScheduleErrors({});
    add.mutate(
      { classroomId: classroom.id, hackingLabId: lab.data.id, ...checked.request },
      {
        onSuccess: () => onAdded(classroom.name, lab.data.name),
        onError: (failure) => {
          const fields = scheduleErrorsOf(failure);
          if (fields) setScheduleErrors(fields);
          else setError(messages.classroomLabAddFailed);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={error} />
        <Radio.Group
          label="Classroom"
          description={`Where “${lab.data.name}” should go`}
          value={choice}
          onChange={setChoice}
          required
        >
          <Stack gap="xs" mt="xs">
            {options.map((classroom) => {
              const already = using.has(classroom.id);
              return (
                <Radio.Card
                  key={classroom.id}
                  value={classroom.id}
                  disabled={already}
                  p="md"
                  radius={0}
                  style={{ opacity: already ? 0.6 : 1 }}
                >
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator disabled={already} />
                    <div>
                      <Text fw={600}>{classroom.name}</Text>
                      <Text size="sm" c="dimmed">
                        {already
                          ? 'Already has this lab'
                          : `${classroom.memberCount} ${classroom.memberCount === 1 ? 'member' : 'members'} · ${classroom.labCount} ${classroom.labCount === 1 ? 'lab' : 'labs'}`}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              );
            })}
          </Stack>
        </Radio.Group>
        <Checkbox
          label="Schedule it"
          description="When it opens and is due in this classroom, and what late solves earn. Set the labs it requires from the classroom’s Hacking labs tab."
          checked={scheduled}
          onChange={(event) => setScheduled(event.currentTarget.checked)}
        />
        {scheduled && (
          <LabScheduleFields
            values={schedule}
            errors={scheduleErrors}
            onChange={(change) => setSchedule((current) => ({ ...current, ...change }))}
          />
        )}
        <FormActions submitLabel="Add to classroom" pending={add.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
