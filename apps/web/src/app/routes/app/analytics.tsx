import { Alert, Anchor, Button, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconInfoCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ListError } from '@/components/feedback/list-states';
import { paths } from '@/config/paths';
import { AnalyticsPanel } from '@/features/analytics/components/analytics-panel';
import { ExportButtons } from '@/features/analytics/components/export-buttons';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useClassrooms } from '@/features/classrooms/api/get-classrooms';
import { usePageTitle } from '@/hooks/use-page-title';

/** The classrooms' numbers for their teachers and admins; students are pointed to their own. */
export function AnalyticsRoute() {
  usePageTitle('Analytics');
  const { user } = useCurrentUser();
  const teaches = user?.can.createClassrooms ?? false;
  const classrooms = useClassrooms();
  const [search, setSearch] = useSearchParams();

  const managed = (classrooms.data ?? []).filter((classroom) => classroom.can.manage);
  const selected =
    managed.find((classroom) => classroom.id === search.get('classroom')) ?? managed[0];

  const header = (
    <div>
      <Title order={1}>Analytics</Title>
      <Text c="dimmed">How the students of your classrooms progress through their labs.</Text>
    </div>
  );

  if (!teaches) {
    return (
      <Stack gap="lg">
        {header}
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} title="For teachers">
          Analytics show teachers how their classrooms progress. Your own rank and points in each
          classroom are on your{' '}
          <Anchor component={Link} to={paths.dashboard.getHref()}>
            dashboard
          </Anchor>
          .
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {header}
      {classrooms.isPending ? (
        <Skeleton h={60} maw={360} />
      ) : classrooms.isError ? (
        <ListError
          message="Could not load your classrooms."
          onRetry={() => void classrooms.refetch()}
        />
      ) : !selected ? (
        <EmptyState
          icon={<IconChartBar size={24} />}
          title="No classrooms to analyse"
          action={
            <Button component={Link} to={paths.classrooms.getHref()} mt="xs">
              Create a classroom
            </Button>
          }
        >
          Create a classroom and add labs to it: its solves, solve rates and student progress appear
          here.
        </EmptyState>
      ) : (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Select
              label="Classroom"
              data={managed.map((classroom) => ({ value: classroom.id, label: classroom.name }))}
              value={selected.id}
              onChange={(value) => value && setSearch({ classroom: value }, { replace: true })}
              allowDeselect={false}
              searchable
              style={{ flex: '1 1 240px', maxWidth: 420 }}
            />
            <ExportButtons target={{ classroomId: selected.id, classroomName: selected.name }} />
          </Group>
          <AnalyticsPanel key={selected.id} classroomId={selected.id} />
        </>
      )}
    </Stack>
  );
}
