import type { Subscriber } from '../domain-events/dispatcher';
import type { ClassroomEvents } from '../events/classroom-events';

/** Refreshes the open pages of the classroom a change concerns, on every replica. */
export const liveClassroom = (classroomEvents: ClassroomEvents): Subscriber => ({
  name: 'live classroom',
  on: {
    'lab.solved': ({ classroomId, labId, userId }) =>
      classroomEvents.publish(classroomId, { type: 'solve', labId, userId }),
    'members.changed': ({ classroomId }) =>
      classroomEvents.publish(classroomId, { type: 'members' }),
    'labs.changed': ({ classroomId }) => classroomEvents.publish(classroomId, { type: 'labs' }),
    'announcements.changed': ({ classroomId }) =>
      classroomEvents.publish(classroomId, { type: 'announcement' }),
  },
});
