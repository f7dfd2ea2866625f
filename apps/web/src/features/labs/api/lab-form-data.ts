import {
  type CreateLabFields,
  LAB_FILES_FIELD,
  type LabFlagInput,
  type LabHintInput,
} from '@hackclass/contracts';

export interface LabInput extends Omit<CreateLabFields, 'flags' | 'hints'> {
  flags: LabFlagInput[];
  hints: LabHintInput[];
  /** New files to upload. */
  files: File[];
}

/**
 * The multipart body of create and edit: text fields (and `extra` ones), `flags` and `hints` as
 * JSON fields, then the files last, after every text field the server reads.
 */
export function toLabFormData(
  { files, flags, hints, ...fields }: LabInput,
  extra: Record<string, string> = {},
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...fields, ...extra })) {
    if (value !== undefined) body.append(name, String(value));
  }
  body.append('flags', JSON.stringify(flags));
  body.append('hints', JSON.stringify(hints));
  for (const file of files) body.append(LAB_FILES_FIELD, file, file.name);
  return body;
}
