import type { ClassroomSummary } from '@hackclass/contracts';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconFlag, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import classes from './classroom-card.module.css';
import { ClassroomImage } from './classroom-image';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A classroom of the user's: the whole card opens it, through the link of its name. */
export function ClassroomCard({ classroom }: { classroom: ClassroomSummary }) {
  return (
    <Card withBorder padding={0} className={classes.card} style={{ height: '100%' }}>
      <ClassroomImage imageUrl={classroom.imageUrl} name={classroom.name} height={140} />
      <Stack gap={6} p="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text
            fw={600}
            lineClamp={2}
            component={Link}
            to={paths.classroom.getHref(classroom.id)}
            className={classes.link}
          >
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
        <Group gap="md" mt={4}>
          <Group gap={4} wrap="nowrap">
            <IconUsers size={16} aria-hidden />
            <Text size="sm">{plural(classroom.memberCount, 'member', 'members')}</Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconFlag size={16} aria-hidden />
            <Text size="sm">{plural(classroom.labCount, 'lab', 'labs')}</Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
