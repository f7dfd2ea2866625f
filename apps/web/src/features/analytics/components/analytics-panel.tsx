import { SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { ListError } from '@/components/feedback/list-states';
import { useAnalytics } from '../api/get-analytics';
import { LabRatesChart } from './lab-rates-chart';
import { SharedFlagsCard } from './shared-flags-card';
import { SolvesChart } from './solves-chart';
import { StudentPointsChart } from './student-points-chart';

/** A classroom's charts (solves over time, solve rate per lab, points per student) and its suspected shared flags. */
export function AnalyticsPanel({ classroomId }: { classroomId: string }) {
  const analytics = useAnalytics(classroomId);

  if (analytics.isPending) {
    return (
      <Stack aria-busy="true">
        <VisuallyHidden>Loading analytics</VisuallyHidden>
        <Skeleton h={260} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton h={220} />
          <Skeleton h={220} />
        </SimpleGrid>
      </Stack>
    );
  }
  if (analytics.isError) {
    return (
      <ListError message="Could not load the analytics." onRetry={() => void analytics.refetch()} />
    );
  }
  return (
    <Stack>
      <SolvesChart solvesPerDay={analytics.data.solvesPerDay} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LabRatesChart labs={analytics.data.labs} />
        <StudentPointsChart students={analytics.data.students} />
      </SimpleGrid>
      <SharedFlagsCard sharedFlags={analytics.data.suspectedSharedFlags} />
    </Stack>
  );
}
