import { paths } from '@/config/paths';
import { ClassroomLabsPanel } from '@/features/classrooms/components/classroom-labs-panel';
import { useLiveClassroom } from '@/features/classrooms/hooks/use-live-classroom';
import { useClassroomContext } from './classroom-context';

export function ClassroomHackingLabsRoute() {
  const { classroom } = useClassroomContext();
  useLiveClassroom(classroom.id);
  return (
    <ClassroomLabsPanel
      classroomId={classroom.id}
      labs={classroom.hackingLabs}
      canManage={classroom.can.manage}
      labHref={(lab) => paths.hackingLab.getHref(lab.slug, classroom.id)}
    />
  );
}
