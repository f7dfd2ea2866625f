import type { ClassroomTarget } from '@hackclass/contracts';
import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconEye, IconPlayerStop } from '@tabler/icons-react';
import { RelativeTime } from '@/components/time/relative-time';
import { paths } from '@/config/paths';
import { KIND_LABELS, targetStateLooks, targetTitle } from '../utils/target-states';
import { OpenTargetButton } from './open-target-button';

interface TargetsTableProps {
  targets: ClassroomTarget[];
  /** The admins' view spans classrooms: a column says whose. */
  withClassroom?: boolean;
  /** The target being stopped, whose button waits. */
  stoppingId?: string | undefined;
  onStop(target: ClassroomTarget): void;
}

/**
 * Active targets: student, lab, state, started, expires; Open for a running web target, Watch
 * for a running attack box, and Stop where the caller may.
 */
export function TargetsTable({
  targets,
  withClassroom = false,
  stoppingId,
  onStop,
}: TargetsTableProps) {
  return (
    <Table.ScrollContainer minWidth={withClassroom ? 820 : 680}>
      <Table verticalSpacing="sm" aria-label="Active targets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Student</Table.Th>
            <Table.Th>Lab</Table.Th>
            {withClassroom && <Table.Th>Classroom</Table.Th>}
            <Table.Th>State</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {targets.map((target) => {
            const look = targetStateLooks[target.state];
            return (
              <Table.Tr key={target.id}>
                <Table.Td>
                  <Text size="sm">{target.student.name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{target.lab?.name ?? 'Attack box'}</Text>
                  <Text size="xs" c="dimmed">
                    {KIND_LABELS[target.kind]}
                    {target.kind === 'tcp' && target.address ? ` ${target.address}` : ''}
                  </Text>
                </Table.Td>
                {withClassroom && (
                  <Table.Td>
                    <Text size="sm">{target.classroom.name}</Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <Badge color={look.color} variant="light" radius={0}>
                    {look.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <RelativeTime iso={target.startedAt ?? target.createdAt} />
                </Table.Td>
                <Table.Td>
                  {target.expiresAt ? (
                    <RelativeTime iso={target.expiresAt} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {target.kind === 'http' && target.state === 'running' && (
                    <OpenTargetButton target={target} />
                  )}
                  {target.kind === 'box' && target.state === 'running' && (
                    <Button
                      component="a"
                      href={paths.watchTerminal.getHref(target.id)}
                      target="_blank"
                      rel="noopener"
                      variant="default"
                      size="xs"
                      mr="xs"
                      leftSection={<IconEye size={14} aria-hidden />}
                      aria-label={`Watch ${target.student.name}’s terminal (opens a new tab)`}
                    >
                      Watch
                    </Button>
                  )}
                  {target.can.stop && (
                    <Button
                      variant="default"
                      color="red"
                      size="xs"
                      leftSection={<IconPlayerStop size={14} aria-hidden />}
                      loading={stoppingId === target.id}
                      disabled={target.state === 'stopping'}
                      aria-label={`Stop ${target.student.name}’s ${targetTitle(target)}`}
                      onClick={() => onStop(target)}
                    >
                      Stop
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
