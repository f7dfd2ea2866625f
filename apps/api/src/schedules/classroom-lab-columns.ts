import { classrooms, labs } from '../db/schema';

/** The classroom and the lab a dashboard row is about, for a query joining both. */
export const classroomLabColumns = {
  classroomId: classrooms.id,
  classroomName: classrooms.name,
  labId: labs.id,
  labName: labs.name,
  labSlug: labs.slug,
};
