import type { Classroom } from '@hackclass/contracts';
import { useOutletContext } from 'react-router';

export interface ClassroomContext {
  classroom: Classroom;
}

/** The classroom the layout loaded, for its tabs. */
export const useClassroomContext = () => useOutletContext<ClassroomContext>();
