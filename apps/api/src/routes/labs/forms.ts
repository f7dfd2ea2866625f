import {
  createLabFieldsSchema,
  LAB_FILES_FIELD,
  updateLabFieldsSchema,
} from '@hackclass/contracts';
import { z } from 'zod';

const labFiles = z
  .array(z.file())
  .optional()
  .describe('The lab’s files, each within the configured size, in all within the configured count');

/** The multipart form that creates a lab, as the OpenAPI document describes it. */
export const createLabFormSchema = z.object({
  ...createLabFieldsSchema.shape,
  [LAB_FILES_FIELD]: labFiles,
});

/** The multipart form that edits a lab, as the OpenAPI document describes it. */
export const updateLabFormSchema = z.object({
  ...updateLabFieldsSchema.shape,
  [LAB_FILES_FIELD]: labFiles,
});
