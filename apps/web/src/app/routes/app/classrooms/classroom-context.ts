import type { Classroom } from '@hackclass/contracts';
import { ROLE } from '@hackclass/contracts';
import { useOutletContext } from 'react-router';

export interface ClassroomContext {
  classroom: Classroom;
  /** The classroom's creator or an admin: edits, members, labs. */
  canManage: boolean;
}

export const canManageClassroom = (classroom: Classroom, roleId: number | undefined) =>
  classroom.isCreator || roleId === ROLE.admin;

/** The classroom the layout loaded, for its tabs. */
export const useClassroomContext = () => useOutletContext<ClassroomContext>();
