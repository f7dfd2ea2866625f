import { GradebookPanel } from '@/features/gradebook/components/gradebook-panel';
import { useClassroomContext } from './classroom-context';

export function ClassroomGradebookRoute() {
  const { classroom } = useClassroomContext();
  return (
    <GradebookPanel
      classroomId={classroom.id}
      classroomName={classroom.name}
      canManage={classroom.can.manage}
    />
  );
}
