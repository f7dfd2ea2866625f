import { Group, Stack } from '@mantine/core';
import { paths } from '@/config/paths';
import { ClassroomLabsPanel } from '@/features/classrooms/components/classroom-labs-panel';
import { useLiveClassroom } from '@/features/classrooms/hooks/use-live-classroom';
import { ExportArchiveButton } from '@/features/lab-archives/components/export-archive-button';
import { useClassroomContext } from './classroom-context';

export function ClassroomHackingLabsRoute() {
  const { classroom } = useClassroomContext();
  useLiveClassroom(classroom.id);
  return (
    <Stack>
      {classroom.can.manage && classroom.hackingLabs.length > 0 && (
        <Group justify="flex-end">
          <ExportArchiveButton
            source={{ kind: 'classroom', classroomId: classroom.id, name: classroom.name }}
            label="Export labs"
          />
        </Group>
      )}
      <ClassroomLabsPanel
        classroomId={classroom.id}
        labs={classroom.hackingLabs}
        canManage={classroom.can.manage}
        labHref={(lab) => paths.hackingLab.getHref(lab.slug, classroom.id)}
      />
    </Stack>
  );
}
