import { type ClassroomFields, classroomFieldsSchema } from '@hackclass/contracts';
import { commonErrors } from '@hackclass/http';
import type { FileStore } from '@hackclass/storage';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ClassroomImage } from '../../classrooms/create-classroom';
import { apiErrors } from '../../errors';
import { checkStoredImage } from '../../uploads/image-check';
import { detectImageType } from '../../uploads/image-type';
import { discardFiles, readMultipartForm } from '../../uploads/multipart-form';

/** The multipart form that creates or updates a classroom, as the OpenAPI document describes it. */
export const classroomFormSchema = classroomFieldsSchema.extend({
  image: z.file().optional().describe('A PNG, JPEG, WebP or GIF image within the configured size'),
});

export interface ClassroomForm {
  fields: ClassroomFields;
  image: ClassroomImage | undefined;
}

/**
 * The create/update form: text fields validated by the contract, the optional image stored
 * only if its bytes are an image of a sensible size without web page markup. Nothing stays
 * stored when the form is refused.
 */
export async function readClassroomForm(
  request: FastifyRequest,
  store: FileStore,
  imageMaxBytes: number,
): Promise<ClassroomForm> {
  const form = await readMultipartForm(request, store, {
    image: {
      prefix: 'classroom-images',
      maxBytes: imageMaxBytes,
      maxCount: 1,
      check: (head) => {
        const type = detectImageType(head);
        if (!type) throw apiErrors.notAnImage();
        return type;
      },
    },
  });
  const [file] = form.files;
  try {
    if (file) await checkStoredImage(store, file.storageKey);
    const parsed = classroomFieldsSchema.safeParse(form.fields);
    if (!parsed.success) {
      const { fieldErrors } = z.flattenError(parsed.error);
      throw commonErrors.validation(fieldErrors as Record<string, string[]>);
    }
    return {
      fields: parsed.data,
      image: file && { storageKey: file.storageKey, contentType: file.contentType },
    };
  } catch (error) {
    await discardFiles(store, form.files);
    throw error;
  }
}
