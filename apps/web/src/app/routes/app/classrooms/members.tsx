import { MEMBER_STATUSES, type MemberStatus } from '@hackclass/contracts';
import { useSearchParams } from 'react-router';
import { MembersPanel } from '@/features/classrooms/components/members-panel';
import { useClassroomContext } from './classroom-context';

const isMemberStatus = (value: string): value is MemberStatus =>
  (MEMBER_STATUSES as readonly string[]).includes(value);

export function ClassroomMembersRoute() {
  const { classroom } = useClassroomContext();
  const [search] = useSearchParams();
  return (
    <MembersPanel
      classroomId={classroom.id}
      canManage={classroom.can.manage}
      initialStatus={search.getAll('status').filter(isMemberStatus)}
    />
  );
}
