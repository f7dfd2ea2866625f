import {
  LAB_CATEGORIES,
  LAB_DESCRIPTION_MAX_LENGTH,
  LAB_DIFFICULTIES,
  LAB_NAME_MAX_LENGTH,
  LAB_POINTS,
  type Lab,
} from '@hackclass/contracts';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { messages } from '@/config/messages';
import { isApiError } from '@/lib/errors';
import { useCreateLab } from '../api/create-lab';
import { LabFilesInput } from './lab-files-input';
import { MarkdownEditor } from './markdown-editor';

const apiFields = ['name', 'description', 'difficulty', 'category', 'points'] as const;

interface CreateLabFormProps {
  onCreated(lab: Lab): void;
  onCancel(): void;
}

/** Name, difficulty, category, points, a Markdown description and files. */
export function CreateLabForm({ onCreated, onCancel }: CreateLabFormProps) {
  const createLab = useCreateLab();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      name: '',
      difficulty: '' as string,
      category: '' as string,
      points: 100 as number | string,
      description: '',
      files: [] as File[],
    },
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
      description: (value) =>
        value.length > LAB_DESCRIPTION_MAX_LENGTH
          ? `Use at most ${LAB_DESCRIPTION_MAX_LENGTH.toLocaleString('en')} characters`
          : null,
    },
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    createLab.mutate(
      {
        name: values.name.trim(),
        description: values.description,
        difficulty: values.difficulty as Lab['difficulty'],
        category: values.category as Lab['category'],
        points: String(values.points),
        files: values.files,
      },
      {
        onSuccess: onCreated,
        onError: (failure) => {
          let fieldErrors = false;
          if (isApiError(failure)) {
            for (const field of apiFields) {
              const problems = failure.errors[field];
              if (problems?.length) {
                form.setFieldError(field, problems.join(' '));
                fieldErrors = true;
              }
            }
            const fileProblems = failure.errors.labFiles;
            if (fileProblems?.length) {
              form.setFieldError('files', fileProblems.join(' '));
              fieldErrors = true;
            }
            if (failure.status === 413) {
              setError('The files are too large: each may be at most 50 MB.');
              return;
            }
          }
          setError(fieldErrors ? 'Please correct the fields marked below.' : messages.generic);
        },
      },
    );
  });

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
        <MarkdownEditor
          label="Description"
          description="Markdown: headings, lists, links, code blocks"
          value={form.values.description}
          onChange={(value) => form.setFieldValue('description', value)}
          error={form.errors.description as string | undefined}
        />
        <LabFilesInput
          value={form.values.files}
          onChange={(files) => {
            form.setFieldValue('files', files);
            form.clearFieldError('files');
          }}
          error={form.errors.files as string | undefined}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={createLab.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={createLab.isPending}>
            Create lab
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
