import { paths } from '@/config/paths';
import { ClassroomLabsPanel } from '@/features/classrooms/components/classroom-labs-panel';
import { useLiveClassroom } from '@/features/classrooms/hooks/use-live-classroom';
import { useClassroomContext } from './classroom-context';

export function ClassroomHackingLabsRoute() {
  const { classroom, canManage } = useClassroomContext();
  useLiveClassroom(classroom.id);
  return (
    <ClassroomLabsPanel
      classroomId={classroom.id}
      labs={classroom.hackingLabs}
      canManage={canManage}
      labHref={(lab) => paths.hackingLab.getHref(lab.slug, classroom.id)}
    />
  );
}
