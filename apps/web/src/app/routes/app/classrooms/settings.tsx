import { Alert, Divider, Paper, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { DeleteClassroomSection } from '@/features/classrooms/components/delete-classroom-section';
import { EditClassroomForm } from '@/features/classrooms/components/edit-classroom-form';
import { JoinCodePanel } from '@/features/classrooms/components/join-code-panel';
import { CoTeachersSection } from '@/features/co-teachers/components/co-teachers-section';
import { useClassroomContext } from './classroom-context';

export function ClassroomSettingsRoute() {
  const { classroom } = useClassroomContext();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const toList = () => void navigate(paths.classrooms.getHref(), { replace: true });
  if (!classroom.can.manage) {
    return (
      <Alert color="gray">Only the classroom’s teachers and admins may change its settings.</Alert>
    );
  }
  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="md">
          Details
        </Title>
        <EditClassroomForm classroom={classroom} />
      </Paper>
      {classroom.joinCode && (
        <Paper withBorder p="lg">
          <Title order={2} size="h4" mb="xs">
            Join code
          </Title>
          <JoinCodePanel classroomId={classroom.id} joinCode={classroom.joinCode} />
        </Paper>
      )}
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="xs">
          Co-teachers
        </Title>
        <CoTeachersSection
          classroomId={classroom.id}
          classroomName={classroom.name}
          canManage={classroom.can.manageCoTeachers}
          currentUserId={user?.id}
          onSteppedDown={toList}
        />
      </Paper>
      {classroom.can.delete && (
        <Paper
          withBorder
          p="lg"
          style={{
            borderColor: 'light-dark(var(--mantine-color-red-3), var(--mantine-color-red-9))',
          }}
        >
          <Title
            order={2}
            size="h4"
            mb="xs"
            c="light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))"
          >
            Danger zone
          </Title>
          <Divider mb="sm" />
          <DeleteClassroomSection
            classroomId={classroom.id}
            name={classroom.name}
            onDeleted={toList}
          />
        </Paper>
      )}
    </Stack>
  );
}
