import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { getAnnouncementsQueryOptions } from '@/features/announcements/api/get-announcements';
import { AnnouncementsPanel } from '@/features/announcements/components/announcements-panel';
import { ClassroomImage } from '@/features/classrooms/components/classroom-image';
import { Leaderboard } from '@/features/classrooms/components/leaderboard';
import { useLiveClassroom } from '@/features/classrooms/hooks/use-live-classroom';
import { useClassroomContext } from './classroom-context';

export function ClassroomOverviewRoute() {
  const { classroom } = useClassroomContext();
  useLiveClassroom(classroom.id, {
    announcement: [getAnnouncementsQueryOptions(classroom.id).queryKey],
  });
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder style={{ overflow: 'hidden' }}>
          <ClassroomImage imageUrl={classroom.imageUrl} name={classroom.name} height={200} />
          <Stack gap="xs" p="md">
            <Title order={2} size="h4">
              About
            </Title>
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-line' }}
              c={classroom.description ? undefined : 'dimmed'}
            >
              {classroom.description || 'No description yet.'}
            </Text>
            <Text size="sm">
              <Text span fw={600}>
                Teacher:
              </Text>{' '}
              {classroom.teacherName}
            </Text>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <AnnouncementsPanel classroomId={classroom.id} canManage={classroom.can.manage} />
          <Leaderboard classroomId={classroom.id} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
