import {
  flagPatternError,
  LAB_CATEGORIES,
  LAB_DESCRIPTION_MAX_LENGTH,
  LAB_DIFFICULTIES,
  LAB_FLAG_MAX_LENGTH,
  LAB_NAME_MAX_LENGTH,
  LAB_POINTS,
  type Lab,
  type LabFile,
} from '@hackclass/contracts';
import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { type ReactNode, useRef, useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { UploadProgress } from '@/components/feedback/upload-progress';
import { FormActions } from '@/components/form/form-actions';
import { MarkdownEditor } from '@/components/markdown/markdown-editor';
import { messages } from '@/config/messages';
import { isAbort, useUpload } from '@/hooks/use-upload';
import { isApiError } from '@/lib/errors';
import type { UploadOptions } from '@/lib/upload-request';
import { useQuota } from '../api/get-quota';
import type { LabInput } from '../api/lab-form-data';
import { ExistingFilesInput } from './existing-files-input';
import { type FlagRow, FlagsInput } from './flags-input';
import { type HintRow, HintsInput, hintRules, toHintInputs } from './hints-input';
import { LabFilesInput } from './lab-files-input';
import {
  SCORING_FIELDS,
  ScoringInput,
  type ScoringValues,
  scoringFields,
  scoringRules,
} from './scoring-input';

export interface LabFormValues extends ScoringValues {
  name: string;
  difficulty: string;
  category: string;
  description: string;
  flags: FlagRow[];
  hints: HintRow[];
  /** New files to upload. */
  files: File[];
  /** Files of the lab (when editing) to delete on save. */
  removeFileIds: string[];
}
export type LabForm = UseFormReturnType<LabFormValues>;

/**
 * A part of the lab form another feature brings, such as the live target: the route composes
 * it in. Its fields are checked and sent with the lab's.
 */
export interface LabFormPart {
  node: ReactNode;
  /** Whether the lab may go without flags of its own (every target hands out one). */
  flagsOptional: boolean;
  /** Checks the part: its multipart fields, or null when something is to correct. */
  collect(): Pick<LabInput, 'target'> | null;
  /** Shows the API's field errors that are the part's; whether there were any. */
  showErrors(errors: Record<string, string[]>): boolean;
}

const apiFields = [
  'name',
  'description',
  'difficulty',
  'category',
  'points',
  'flags',
  'hints',
  ...SCORING_FIELDS,
] as const;

interface LabFormProps {
  initialValues: LabFormValues;
  /** The files the lab has, when editing: each may be marked for removal. */
  existingFiles?: LabFile[];
  submitLabel: string;
  pending: boolean;
  save(input: LabInput, removeFileIds: string[], upload: UploadOptions): Promise<Lab>;
  onSaved(lab: Lab): void;
  onCancel(): void;
  /** Shown after the files, e.g. the live target. */
  part?: LabFormPart;
}

/** Name, difficulty, category, points and scoring, flags, a Markdown description and files. */
export function LabForm({
  initialValues,
  existingFiles = [],
  submitLabel,
  pending,
  save,
  onSaved,
  onCancel,
  part,
}: LabFormProps) {
  const [error, setError] = useState<string | null>(null);
  // Read by the flags' rule at validation time, which the form keeps from its first render.
  const flagsOptional = useRef(false);
  flagsOptional.current = part?.flagsOptional ?? false;
  const quota = useQuota();
  const upload = useUpload();
  const form = useForm<LabFormValues>({
    initialValues,
    validate: {
      name: (value) =>
        !value.trim()
          ? 'Enter a name'
          : value.trim().length > LAB_NAME_MAX_LENGTH
            ? `Use at most ${LAB_NAME_MAX_LENGTH} characters`
            : null,
      difficulty: (value) => (value ? null : 'Choose a difficulty'),
      category: (value) => (value ? null : 'Choose a category'),
      points: (value) =>
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= LAB_POINTS.min &&
        value <= LAB_POINTS.max
          ? null
          : `Enter a whole number from ${LAB_POINTS.min} to ${LAB_POINTS.max.toLocaleString('en')}`,
      ...scoringRules,
      description: (value) =>
        value.length > LAB_DESCRIPTION_MAX_LENGTH
          ? `Use at most ${LAB_DESCRIPTION_MAX_LENGTH.toLocaleString('en')} characters`
          : null,
      flags: {
        value: (value, values, path) => {
          const flag = value.trim();
          if (!flag) return flagsOptional.current ? null : 'Enter the flag';
          if (flag.length > LAB_FLAG_MAX_LENGTH) {
            return `A flag has at most ${LAB_FLAG_MAX_LENGTH} characters`;
          }
          const index = Number(path.split('.')[1]);
          const patternError =
            values.flags[index]?.kind === 'regex' ? flagPatternError(flag) : undefined;
          if (patternError !== undefined) return `Not a valid pattern: ${patternError}`;
          const earlier = values.flags.slice(0, index).some((row) => row.value.trim() === flag);
          return earlier ? 'This flag is already listed' : null;
        },
      },
      hints: hintRules,
    },
  });

  const keptFiles = existingFiles.length - form.values.removeFileIds.length;

  const submit = form.onSubmit(
    (values) => {
      setError(null);
      const extra = part ? part.collect() : {};
      if (extra === null) {
        setError('Please correct the fields marked below.');
        return;
      }
      const input: LabInput = {
        name: values.name.trim(),
        description: values.description,
        difficulty: values.difficulty as Lab['difficulty'],
        category: values.category as Lab['category'],
        points: String(values.points),
        ...scoringFields(values),
        flags: values.flags
          .filter((row) => row.value.trim() || !flagsOptional.current)
          .map((row) => ({
            value: row.value.trim(),
            kind: row.kind,
            caseSensitive: !row.anyCase,
          })),
        hints: toHintInputs(values.hints),
        files: values.files,
        ...extra,
      };
      save(input, values.removeFileIds, upload.start()).then(onSaved, (failure: unknown) => {
        if (isAbort(failure)) return;
        let fieldErrors = false;
        if (isApiError(failure)) {
          for (const field of apiFields) {
            const problems = failure.errors[field];
            if (problems?.length) {
              form.setFieldError(field, problems.join(' '));
              fieldErrors = true;
            }
          }
          if (part?.showErrors(failure.errors)) fieldErrors = true;
          const fileProblems = failure.errors.labFiles;
          if (fileProblems?.length) {
            form.setFieldError('files', fileProblems.join(' '));
            fieldErrors = true;
          }
          // Too large, or past the account's labs or storage: the problem says which and how much.
          if (failure.status === 413 || failure.code === 'quota_exceeded') {
            setError(failure.detail ?? failure.title);
            return;
          }
        }
        setError(fieldErrors ? 'Please correct the fields marked below.' : messages.generic);
      });
    },
    // The part's own mistakes show at the same time as the lab's.
    () => part?.collect(),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={error} />
        <TextInput
          label="Name"
          required
          maxLength={LAB_NAME_MAX_LENGTH}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Select
            label="Difficulty"
            required
            placeholder="Choose…"
            data={[...LAB_DIFFICULTIES]}
            allowDeselect={false}
            {...form.getInputProps('difficulty')}
          />
          <Select
            label="Category"
            required
            placeholder="Choose…"
            data={[...LAB_CATEGORIES]}
            allowDeselect={false}
            {...form.getInputProps('category')}
          />
          <NumberInput
            label="Points"
            required
            min={LAB_POINTS.min}
            max={LAB_POINTS.max}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            {...form.getInputProps('points')}
          />
        </SimpleGrid>
        <ScoringInput form={form} />
        <FlagsInput form={form} optional={part?.flagsOptional ?? false} />
        <MarkdownEditor
          label="Description"
          description="Markdown: headings, lists, links, code blocks"
          value={form.values.description}
          onChange={(value) => form.setFieldValue('description', value)}
          error={form.errors.description as string | undefined}
        />
        <HintsInput form={form} />
        {existingFiles.length > 0 && (
          <ExistingFilesInput
            files={existingFiles}
            removed={form.values.removeFileIds}
            onChange={(ids) => form.setFieldValue('removeFileIds', ids)}
          />
        )}
        <LabFilesInput
          quota={quota.data}
          value={form.values.files}
          kept={keptFiles}
          onChange={(files) => {
            form.setFieldValue('files', files);
            form.clearFieldError('files');
          }}
          error={form.errors.files as string | undefined}
        />
        {part?.node}
        {pending && <UploadProgress progress={upload.progress} />}
        <FormActions
          submitLabel={submitLabel}
          pending={pending}
          onCancel={() => {
            upload.abort();
            onCancel();
          }}
          cancelAborts
        />
      </Stack>
    </form>
  );
}
