import type { ClassroomFields } from '@hackclass/contracts';

export interface ClassroomInput extends ClassroomFields {
  image: File | null;
}

/** The multipart body of create and update: the text fields, then the image if any. */
export function toClassroomFormData({ image, ...fields }: ClassroomInput): FormData {
  const body = new FormData();
  body.set('name', fields.name);
  body.set('description', fields.description);
  body.set('teacherName', fields.teacherName);
  if (image) body.set('image', image, image.name);
  return body;
}
