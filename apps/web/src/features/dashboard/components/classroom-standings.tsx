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

function StandingCard({ room, standing }: { room: ClassroomSummary; standing?: Standing }) {
  return (
    <Card withBorder component={Link} to={paths.classroom.getHref(room.id)} h="100%">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} lineClamp={2}>
            {room.name}
          </Text>
          {room.isCreator && (
            <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
              Creator
            </Badge>
          )}
          {room.isCoTeacher && (
            <Badge variant="light" color="teal" size="sm" style={{ flexShrink: 0 }}>
              Co-teaching
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {room.teacherName}
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
            {plural(room.memberCount, 'member', 'members')}
          </Stat>
          <Stat icon={<IconFlag size={16} aria-hidden />}>
            {plural(room.labCount, 'lab', 'labs')}
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
      {classrooms.map((room) => (
        <li key={room.id}>
          <StandingCard room={room} standing={byClassroom.get(room.id)} />
        </li>
      ))}
    </SimpleGrid>
  );
}
