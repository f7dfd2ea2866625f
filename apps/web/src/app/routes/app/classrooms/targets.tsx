import { Alert } from '@mantine/core';
import { ClassroomTargetsPanel } from '@/features/targets/components/classroom-targets-panel';
import { useClassroomContext } from './classroom-context';

export function ClassroomTargetsRoute() {
  const { classroom } = useClassroomContext();
  if (!classroom.can.manage) {
    return <Alert color="gray">Only the classroom’s teachers and admins see its targets.</Alert>;
  }
  return <ClassroomTargetsPanel classroomId={classroom.id} />;
}
