import { MembersPanel } from '@/features/classrooms/components/members-panel';
import { useClassroomContext } from './classroom-context';

export function ClassroomMembersRoute() {
  const { classroom, canManage } = useClassroomContext();
  return <MembersPanel classroomId={classroom.id} canManage={canManage} />;
}
