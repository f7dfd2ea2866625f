import {
  CLASSROOM_DESCRIPTION_MAX_LENGTH,
  CLASSROOM_NAME_MAX_LENGTH,
  nameProblem,
  TEACHER_NAME_MAX_LENGTH,
} from '@hackclass/contracts';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { UploadProgress } from '@/components/feedback/upload-progress';
import { FormActions } from '@/components/form/form-actions';
import { isAbort, useUpload } from '@/hooks/use-upload';
import { type ApiError, isApiError } from '@/lib/errors';
import type { UploadOptions } from '@/lib/upload-request';
import type { ClassroomInput } from '../api/classroom-form-data';
import { ImageDropzone } from './image-dropzone';

/** Refusals of the image itself, shown on its field. */
const IMAGE_ERROR_CODES: ReadonlySet<ApiError['code']> = new Set([
  'not_an_image',
  'file_too_large',
]);

interface ClassroomFormProps {
  initialValues?: Omit<ClassroomInput, 'image'>;
  currentImageSrc?: string | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: (
    input: ClassroomInput,
    onError: (error: unknown) => void,
    upload: UploadOptions,
  ) => void;
  onCancel?: () => void;
}

/** Names as the API checks them: given, one line of visible text, no web address. */
const validName = (what: string) => (value: string) =>
  value.trim() ? nameProblem(value.trim()) : `Enter ${what}`;

/** Name, description, teacher name and an optional image: creating and editing share it. */
export function ClassroomForm({
  initialValues = { name: '', description: '', teacherName: '' },
  currentImageSrc,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: ClassroomFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const upload = useUpload();
  const form = useForm<ClassroomInput>({
    initialValues: { ...initialValues, image: null },
    validate: {
      name: validName('a name'),
      teacherName: validName('the teacher’s name'),
    },
  });

  const showError = (error: unknown) => {
    if (isAbort(error)) return;
    if (isApiError(error)) {
      // Field errors of the API's validation land on their fields; the rest above the form.
      const fields = Object.entries(error.errors).filter(([field]) => field in form.values);
      for (const [field, list] of fields) form.setFieldError(field, list[0]);
      if (fields.length === 0) {
        if (IMAGE_ERROR_CODES.has(error.code)) {
          form.setFieldError('image', error.detail ?? error.title);
        } else setFormError(error.detail ?? error.title);
      }
      return;
    }
    setFormError('Could not save the classroom. Please try again.');
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        onSubmit(values, showError, upload.start());
      })}
    >
      <Stack>
        <FormAlert message={formError} />
        <TextInput
          label="Name"
          required
          maxLength={CLASSROOM_NAME_MAX_LENGTH}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Teacher name"
          required
          maxLength={TEACHER_NAME_MAX_LENGTH}
          {...form.getInputProps('teacherName')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={CLASSROOM_DESCRIPTION_MAX_LENGTH}
          {...form.getInputProps('description')}
        />
        <ImageDropzone
          value={form.values.image}
          onChange={(file) => {
            form.setFieldValue('image', file);
            form.clearFieldError('image');
          }}
          onReject={(message) => form.setFieldError('image', message)}
          currentSrc={currentImageSrc}
          error={form.errors.image}
        />
        {pending && <UploadProgress progress={upload.progress} />}
        <FormActions
          submitLabel={submitLabel}
          pending={pending}
          onCancel={
            onCancel &&
            (() => {
              upload.abort();
              onCancel();
            })
          }
          cancelAborts
        />
      </Stack>
    </form>
  );
}
