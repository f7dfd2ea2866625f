import type { ClassroomSummary } from '@hackclass/contracts';
import { Anchor, Button, Grid, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState, ListSkeleton } from '@/components/feedback/list-states';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useClassrooms } from '@/features/classrooms/api/get-classrooms';
import { InvitationList } from '@/features/classrooms/components/membership-requests';
import { useActivity } from '@/features/dashboard/api/get-activity';
import { ClassroomStandings } from '@/features/dashboard/components/classroom-standings';
import { DashboardSection, LoadState } from '@/features/dashboard/components/dashboard-section';
import { DueDates } from '@/features/dashboard/components/due-dates';
import { JoinRequests } from '@/features/dashboard/components/join-requests';
import { RecentSolves } from '@/features/dashboard/components/recent-solves';
import { RecentSubmissions } from '@/features/dashboard/components/recent-submissions';
import { usePageTitle } from '@/hooks/use-page-title';

const isMine = (classroom: ClassroomSummary) =>
  classroom.isCreator || classroom.isCoTeacher || classroom.myStatus === 'Accepted';

const cards = (
  <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
    {Array.from({ length: 3 }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <Skeleton key={index} h={130} />
    ))}
  </SimpleGrid>
);

/** The user's classrooms, invitations and recent activity; for teachers also their students'. */
export function DashboardRoute() {
  usePageTitle('Dashboard');
  const { user } = useCurrentUser();
  const teaches = user?.can.createClassrooms ?? false;
  const classrooms = useClassrooms();
  const activity = useActivity();

  const mine = (classrooms.data ?? []).filter(isMine);
  const invitations = (classrooms.data ?? []).filter(
    (classroom) => classroom.myStatus === 'Invited',
  );
  const classroomsStatus =
    classrooms.isError || activity.isError
      ? 'error'
      : classrooms.isPending || activity.isPending
        ? 'pending'
        : 'success';
  const retryClassrooms = () => {
    if (classrooms.isError) void classrooms.refetch();
    if (activity.isError) void activity.refetch();
  };
  const activityState = {
    status: activity.status,
    onRetry: () => void activity.refetch(),
  };

  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Dashboard</Title>
        <Text c="dimmed">
          {user?.displayName ? `Welcome, ${user.displayName}. ` : ''}
          {teaches
            ? 'Your classrooms, the requests waiting for you and your students’ latest activity.'
            : 'Your classrooms, invitations and latest solves.'}
        </Text>
      </div>

      {user && invitations.length > 0 && (
        <DashboardSection title="Invitations">
          <InvitationList classrooms={invitations} userId={user.id} />
        </DashboardSection>
      )}

      {(!teaches || (activity.data?.dueDates.length ?? 0) > 0) && (
        <DashboardSection title="Due dates">
          <LoadState
            {...activityState}
            loadingLabel="Loading your due dates"
            skeleton={<ListSkeleton rows={2} rowHeight={56} />}
            errorMessage="Could not load your due dates."
          >
            {() => <DueDates dueDates={activity.data?.dueDates ?? []} />}
          </LoadState>
        </DashboardSection>
      )}

      <DashboardSection
        title="Your classrooms"
        action={
          <Anchor component={Link} to={paths.classrooms.getHref()} size="sm">
            All classrooms
          </Anchor>
        }
      >
        <LoadState
          status={classroomsStatus}
          loadingLabel="Loading your classrooms"
          skeleton={cards}
          errorMessage="Could not load your classrooms."
          onRetry={retryClassrooms}
        >
          {() =>
            mine.length === 0 ? (
              <EmptyState
                icon={<IconSchool size={24} />}
                title="No classrooms yet"
                action={
                  <Button component={Link} to={paths.classrooms.getHref()} mt="xs">
                    {teaches ? 'Create a classroom' : 'Join with a code'}
                  </Button>
                }
              >
                {teaches
                  ? 'Create a classroom for your students, or join one with a code from another teacher.'
                  : 'Ask your teacher for the classroom’s 8-character code and join with it, or accept an invitation.'}
              </EmptyState>
            ) : (
              <ClassroomStandings classrooms={mine} standings={activity.data?.standings ?? []} />
            )
          }
        </LoadState>
      </DashboardSection>

      {teaches ? (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <DashboardSection title="Join requests">
              <LoadState
                {...activityState}
                loadingLabel="Loading the join requests"
                skeleton={<ListSkeleton rows={2} rowHeight={48} />}
                errorMessage="Could not load the join requests."
              >
                {() => <JoinRequests requests={activity.data?.teaching?.pendingRequests ?? []} />}
              </LoadState>
            </DashboardSection>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <DashboardSection title="Recent activity">
              <LoadState
                {...activityState}
                loadingLabel="Loading the recent activity"
                skeleton={<ListSkeleton rows={4} rowHeight={40} />}
                errorMessage="Could not load the recent activity."
              >
                {() => (
                  <RecentSubmissions
                    submissions={activity.data?.teaching?.recentSubmissions ?? []}
                  />
                )}
              </LoadState>
            </DashboardSection>
          </Grid.Col>
        </Grid>
      ) : (
        <DashboardSection title="Recent solves">
          <LoadState
            {...activityState}
            loadingLabel="Loading your recent solves"
            skeleton={<ListSkeleton rows={3} rowHeight={56} />}
            errorMessage="Could not load your recent solves."
          >
            {() => <RecentSolves solves={activity.data?.recentSolves ?? []} />}
          </LoadState>
        </DashboardSection>
      )}
    </Stack>
  );
}
