import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ListError } from '@/components/feedback/list-states';
import { PageLoader } from '@/components/feedback/page-loader';
import { scrollingTabs } from '@/components/navigation/scrolling-tabs';
import { toast } from '@/components/toast/toast';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useClassroom } from '@/features/classrooms/api/get-classroom';
import { LeaveClassroomButton } from '@/features/classrooms/components/leave-classroom-button';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/errors';
import type { ClassroomContext } from './classroom-context';

const sections = [
  { value: 'overview', label: 'Overview', href: paths.classroom.getHref, manage: false },
  { value: 'members', label: 'Members', href: paths.classroomMembers.getHref, manage: false },
  {
    value: 'hacking-labs',
    label: 'Hacking labs',
    href: paths.classroomHackingLabs.getHref,
    manage: false,
  },
  {
    value: 'gradebook',
    label: 'Gradebook',
    href: paths.classroomGradebook.getHref,
    manage: false,
  },
  { value: 'targets', label: 'Targets', href: paths.classroomTargets.getHref, manage: true },
  { value: 'settings', label: 'Settings', href: paths.classroomSettings.getHref, manage: true },
] as const;

/** One classroom: its header and tabs, each tab a child route. */
export function ClassroomRoute() {
  const { classroomId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const classroomQuery = useClassroom(classroomId);
  const section = sections.find(
    (item) => item.value !== 'overview' && pathname === item.href(classroomId),
  );
  usePageTitle(
    classroomQuery.data
      ? `${section ? `${section.label} – ` : ''}${classroomQuery.data.name}`
      : 'Classroom',
  );

  const back = (
    <Breadcrumbs>
      <Anchor component={Link} to={paths.classrooms.getHref()} size="sm">
        Classrooms
      </Anchor>
      <Text size="sm">{classroomQuery.data?.name ?? 'Classroom'}</Text>
    </Breadcrumbs>
  );

  if (classroomQuery.isPending) return <PageLoader label="Loading classroom" />;
  if (classroomQuery.isError) {
    const missing = isApiError(classroomQuery.error) && classroomQuery.error.status === 404;
    return (
      <Stack>
        {back}
        {missing ? (
          <Alert
            color="gray"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title="Classroom not found"
          >
            It may have been deleted, or you are not a member.{' '}
            <Anchor component={Link} to={paths.classrooms.getHref()}>
              Back to your classrooms
            </Anchor>
          </Alert>
        ) : (
          <ListError
            message="Could not load the classroom."
            onRetry={() => void classroomQuery.refetch()}
          />
        )}
      </Stack>
    );
  }

  const classroom = classroomQuery.data;
  const canManage = classroom.can.manage;
  const visible = sections.filter((section) => !section.manage || canManage);
  const current = visible.find((item) => item.value === section?.value)?.value ?? 'overview';
  const waiting =
    !canManage && (classroom.myStatus === 'Invited' || classroom.myStatus === 'PendingApproval');
  const context: ClassroomContext = { classroom };

  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {classroom.name}
            </Title>
            {classroom.isCreator && <Badge variant="light">Creator</Badge>}
            {classroom.isCoTeacher && (
              <Badge variant="light" color="teal">
                Co-teaching
              </Badge>
            )}
          </Group>
          <Text c="dimmed">Teacher: {classroom.teacherName}</Text>
        </div>
        {user && classroom.myStatus === 'Accepted' && (
          <LeaveClassroomButton
            classroomId={classroom.id}
            userId={user.id}
            name={classroom.name}
            onLeft={() => {
              void navigate(paths.classrooms.getHref());
              toast.success(`You left ${classroom.name}`);
            }}
          />
        )}
      </Group>

      {waiting ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {classroom.myStatus === 'Invited'
            ? 'You are invited to this classroom. Accept the invitation to see its members and labs.'
            : 'Your request to join waits for the teacher’s approval.'}
          <Button
            component={Link}
            to={`${paths.classrooms.getHref()}?tab=${classroom.myStatus === 'Invited' ? 'invitations' : 'pending'}`}
            size="xs"
            variant="light"
            ml="sm"
          >
            {classroom.myStatus === 'Invited' ? 'See invitations' : 'See requests'}
          </Button>
        </Alert>
      ) : (
        <Tabs
          styles={scrollingTabs}
          value={current}
          onChange={(value) => {
            const next = visible.find((item) => item.value === value);
            if (next) void navigate(next.href(classroom.id));
          }}
        >
          <Tabs.List>
            {visible.map((section) => (
              <Tabs.Tab key={section.value} value={section.value}>
                {section.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={current} pt="md">
            <Outlet context={context} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
