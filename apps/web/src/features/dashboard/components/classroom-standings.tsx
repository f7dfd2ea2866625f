import type { ClassroomSummary, UserActivity } from '@hackclass/contracts';
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFlag, IconTrophy, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

type Standing = UserActivity['standings'][number];

function Stat({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {icon}
      <Text size="sm">{children}</Text>
    </Group>
  );
}

function StandingCard({
  classroom,
  standing,
}: {
  classroom: ClassroomSummary;
  standing?: Standing;
}) {
  return (
    <Card withBorder component={Link} to={paths.classroom.getHref(classroom.id)} h="100%">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} lineClamp={2}>
            {classroom.name}
          </Text>
          {classroom.isCreator && (
            <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
              Creator
            </Badge>
          )}
          {classroom.isCoTeacher && (
            <Badge variant="light" color="teal" size="sm" style={{ flexShrink: 0 }}>
              Co-teaching
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {classroom.teacherName}
        </Text>
        {standing && (
          <Group gap="md">
            <Stat icon={<IconTrophy size={16} aria-hidden />}>
              Rank {standing.rank} of {standing.memberCount}
            </Stat>
            <Text size="sm" fw={600}>
              {plural(standing.points, 'point', 'points')}
            </Text>
          </Group>
        )}
        <Group gap="md">
          <Stat icon={<IconUsers size={16} aria-hidden />}>
            {plural(classroom.memberCount, 'member', 'members')}
          </Stat>
          <Stat icon={<IconFlag size={16} aria-hidden />}>
            {plural(classroom.labCount, 'lab', 'labs')}
          </Stat>
        </Group>
      </Stack>
    </Card>
  );
}

/** The user's classrooms as cards, each with their rank and points there if they compete. */
export function ClassroomStandings({
  classrooms,
  standings,
}: {
  classrooms: ClassroomSummary[];
  standings: Standing[];
}) {
  const byClassroom = new Map(standings.map((standing) => [standing.classroomId, standing]));
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, lg: 3 }}
      component="ul"
      aria-label="Your classrooms"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {classrooms.map((classroom) => (
        <li key={classroom.id}>
          <StandingCard classroom={classroom} standing={byClassroom.get(classroom.id)} />
        </li>
      ))}
    </SimpleGrid>
  );
}
