import { type AccountQuota, LAB_FLAGS_MAX, type Lab, type LabFile } from '@hackclass/contracts';
import type { ComponentProps } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ApiError } from '@/lib/errors';
import { createQueryClient } from '@/lib/query-client';
import { renderInApp } from '../../../../test/render-in-app';
import { loadTestRuntimeConfig } from '../../../../test/runtime-config';
import { getQuotaQueryOptions } from '../api/get-quota';
import type { LabInput } from '../api/lab-form-data';
import { emptyLab } from './create-lab-form';
import { flagRow } from './flags-input';
import { hintRow } from './hints-input';
import { LabForm, type LabFormPart } from './lab-form';

const quota: AccountQuota = {
  fileBytes: { used: 512, limit: 10 * 1024 * 1024 },
  labs: { used: 1, limit: 20 },
  classrooms: { used: 0, limit: 5 },
  labFileMaxBytes: 1024,
  filesPerLab: 3,
};

/** What `save` answers; the form only hands it on. */
const savedLab = { id: '5b0e8d8e-5f7c-4d47-9d4f-2a43a8f0f3b1', name: 'Saved' } as Lab;

const file = (name: string, size = 100) => new File(['x'.repeat(size)], name);

const labFile = (fileName: string): LabFile => ({
  id: crypto.randomUUID(),
  fileName,
  size: 300,
  contentType: 'text/plain',
});

async function renderLabForm(props: Partial<ComponentProps<typeof LabForm>> = {}) {
  const save = vi.fn(
    async (_input: LabInput, _removeFileIds: string[], _upload: unknown): Promise<Lab> => savedLab,
  );
  const onSaved = vi.fn();
  const queryClient = createQueryClient();
  queryClient.setQueryData(getQuotaQueryOptions().queryKey, quota);
  const screen = await renderInApp(
    <LabForm
      initialValues={emptyLab()}
      submitLabel="Create lab"
      pending={false}
      save={save}
      onSaved={onSaved}
      onCancel={vi.fn()}
      {...props}
    />,
    queryClient,
  );
  const flag = (n: number) => screen.getByRole('textbox', { name: `Flag ${n}`, exact: true });
  const anyCase = (n: number) =>
    screen.getByRole('group', { name: `Flag ${n}`, exact: true }).getByRole('switch');
  const kind = (n: number) =>
    screen.getByRole('combobox', { name: `Kind of flag ${n}`, exact: true });
  const fileInput = screen.getByLabelText('Lab files', { exact: true });
  return { screen, save, onSaved, flag, anyCase, kind, fileInput };
}

type Screen = Awaited<ReturnType<typeof renderLabForm>>['screen'];

/** Fills the fields every lab needs, but for its flags. */
async function fillLab(screen: Screen) {
  await screen.getByRole('textbox', { name: 'Name' }).fill('  SQL injection 101  ');
  await screen.getByRole('combobox', { name: 'Difficulty' }).click();
  await screen.getByRole('option', { name: 'Medium' }).click();
  await screen.getByRole('combobox', { name: 'Category' }).click();
  await screen.getByRole('option', { name: 'Web' }).click();
  await screen.getByRole('textbox', { name: 'Points' }).fill('250');
}

const submit = (screen: Screen) => screen.getByRole('button', { name: 'Create lab' }).click();

describe('LabForm', () => {
  beforeAll(async () => {
    await loadTestRuntimeConfig();
  });

  it('sends the lab as filled in, each flag with its case rule', async () => {
    const { screen, save, onSaved, flag, anyCase } = await renderLabForm();
    await fillLab(screen);
    await screen.getByRole('textbox', { name: 'Description' }).fill('# Find the *flag*');
    await flag(1).fill(' HC{Exact} ');
    await screen.getByRole('button', { name: 'Add flag' }).click();
    await flag(2).fill('hc{any}');
    await anyCase(2).click();

    await submit(screen);

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(savedLab));
    expect(save).toHaveBeenCalledOnce();
    const [input, removeFileIds] = save.mock.calls[0] ?? [];
    expect(input).toEqual({
      name: 'SQL injection 101',
      description: '# Find the *flag*',
      difficulty: 'Medium',
      category: 'Web',
      points: '250',
      scoring: 'fixed',
      flags: [
        { value: 'HC{Exact}', kind: 'exact', caseSensitive: true },
        { value: 'hc{any}', kind: 'exact', caseSensitive: false },
      ],
      hints: [],
      files: [],
    });
    expect(removeFileIds).toEqual([]);
  });

  it('names every field to correct and sends nothing', async () => {
    const { screen, save } = await renderLabForm();
    await screen.getByRole('textbox', { name: 'Points' }).fill('');

    await submit(screen);

    await expect.element(screen.getByText('Enter a name')).toBeVisible();
    await expect.element(screen.getByText('Choose a difficulty')).toBeVisible();
    await expect.element(screen.getByText('Choose a category')).toBeVisible();
    await expect.element(screen.getByText('Enter a whole number from 1 to 10,000')).toBeVisible();
    await expect.element(screen.getByText('Enter the flag')).toBeVisible();
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the hints in the order set, keeping the ids of those the lab had', async () => {
    const kept = { id: crypto.randomUUID(), content: 'Read the *source*', cost: 0 };
    const { screen, save, flag } = await renderLabForm({
      initialValues: { ...emptyLab(), hints: [hintRow(kept)] },
    });
    await fillLab(screen);
    await flag(1).fill('HC{x}');
    await screen.getByRole('button', { name: 'Add hint' }).click();
    const content = (n: number) => screen.getByRole('textbox', { name: `Hint ${n} text` });
    await expect.element(content(2)).toHaveFocus();
    await content(2).fill('  Try admin  ');
    await screen.getByRole('textbox', { name: 'Hint 2 cost' }).fill('25');
    await screen.getByRole('button', { name: 'Move hint 2 up' }).click();
    await expect.element(content(1)).toHaveValue('  Try admin  ');

    await submit(screen);

    await vi.waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]?.[0].hints).toEqual([{ content: 'Try admin', cost: 25 }, kept]);
  });

  it('asks for a hint’s text and a whole cost before sending', async () => {
    const { screen, save, flag } = await renderLabForm();
    await fillLab(screen);
    await flag(1).fill('HC{x}');
    await screen.getByRole('button', { name: 'Add hint' }).click();
    await screen.getByRole('textbox', { name: 'Hint 1 cost' }).fill('');

    await submit(screen);

    await expect.element(screen.getByText('Enter the hint, or remove it')).toBeVisible();
    await expect.element(screen.getByText('Enter a whole number from 0 to 10,000')).toBeVisible();
    expect(save).not.toHaveBeenCalled();
  });

  it('adds and removes flag rows, keeping at least one', async () => {
    const { screen, flag } = await renderLabForm();
    await expect.element(screen.getByRole('button', { name: 'Remove flag 1' })).toBeDisabled();

    await screen.getByRole('button', { name: 'Add flag' }).click();
    await expect.element(flag(2)).toHaveFocus();
    await flag(2).fill('HC{second}');
    await screen.getByRole('button', { name: 'Remove flag 1' }).click();

    await expect.element(flag(1)).toHaveValue('HC{second}');
    expect(flag(2).query()).toBeNull();
    await expect.element(screen.getByRole('button', { name: 'Remove flag 1' })).toBeDisabled();
  });

  it('stops adding flags at the limit', async () => {
    const { screen, flag } = await renderLabForm({
      initialValues: {
        ...emptyLab(),
        flags: Array.from({ length: LAB_FLAGS_MAX - 1 }, (_, index) => flagRow(`HC{${index}}`)),
      },
    });

    await screen.getByRole('button', { name: 'Add flag' }).click();

    await expect.element(flag(LAB_FLAGS_MAX)).toHaveFocus();
    await expect
      .element(screen.getByRole('button', { name: `At most ${LAB_FLAGS_MAX} flags` }))
      .toBeDisabled();
  });

  it('refuses the same flag twice, but takes flags that differ in case', async () => {
    const { screen, save, flag } = await renderLabForm();
    await fillLab(screen);
    await flag(1).fill('HC{twice}');
    await screen.getByRole('button', { name: 'Add flag' }).click();
    await flag(2).fill(' HC{twice}');

    await submit(screen);
    await expect.element(screen.getByText('This flag is already listed')).toBeVisible();
    expect(save).not.toHaveBeenCalled();

    await flag(2).fill('hc{TWICE}');
    await submit(screen);
    await vi.waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]?.[0].flags.map((sent) => sent.value)).toEqual([
      'HC{twice}',
      'hc{TWICE}',
    ]);
  });

  it('makes flags optional when each student’s target hands out its own', async () => {
    const target = JSON.stringify({ perStudent: true });
    const part: LabFormPart = {
      node: <p>Live target</p>,
      flagsOptional: true,
      collect: vi.fn(() => ({ target })),
      showErrors: () => false,
    };
    const { screen, save, flag } = await renderLabForm({ part });
    await expect.element(screen.getByText('Live target')).toBeVisible();
    await expect
      .element(screen.getByText(/^Optional: each student’s target holds a flag of its own\./))
      .toBeVisible();
    await expect.element(flag(1)).not.toBeRequired();
    await fillLab(screen);
    await screen.getByRole('button', { name: 'Add flag' }).click();
    await flag(2).fill('HC{shared}');

    await submit(screen);

    await vi.waitFor(() => expect(save).toHaveBeenCalledOnce());
    const input = save.mock.calls[0]?.[0];
    expect(input?.flags).toEqual([{ value: 'HC{shared}', kind: 'exact', caseSensitive: true }]);
    expect(input?.target).toBe(target);
  });

  it('keeps the lab when its part has something to correct', async () => {
    const part: LabFormPart = {
      node: null,
      flagsOptional: false,
      collect: () => null,
      showErrors: () => false,
    };
    const { screen, save, flag } = await renderLabForm({ part });
    await fillLab(screen);
    await flag(1).fill('HC{flag}');

    await submit(screen);

    await expect
      .element(screen.getByRole('alert'))
      .toMatchTextContent('Please correct the fields marked below.');
    expect(save).not.toHaveBeenCalled();
  });

  it('takes files within the instance’s count and size limits', async () => {
    const { screen, save, flag, fileInput } = await renderLabForm();
    await expect
      .element(
        screen.getByText(
          'Optional: up to 3 files of any type in all, 1.0 KB each. Your labs’ files: 512 B of 10.0 MB used.',
        ),
      )
      .toBeVisible();
    const chosen = screen.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');

    await userEvent.upload(fileInput, [file('notes.txt')]);
    await expect.element(screen.getByText('1 of 3 chosen')).toBeVisible();
    await userEvent.upload(fileInput, [file('a.bin'), file('b.bin'), file('c.bin')]);
    await expect.element(screen.getByText('A lab may have at most 3 files')).toBeVisible();
    await expect.element(screen.getByText('No more files allowed')).toBeVisible();
    expect(chosen.elements().map((row) => row.textContent)).toEqual([
      'notes.txt100 B',
      'a.bin100 B',
      'b.bin100 B',
    ]);

    await screen.getByRole('button', { name: 'Remove a.bin' }).click();
    await expect.element(screen.getByText('2 of 3 chosen')).toBeVisible();
    await userEvent.upload(fileInput, [file('huge.iso', 2048), file('small.txt')]);
    await expect
      .element(screen.getByText('huge.iso: files may be at most 1.0 KB each'))
      .toBeVisible();
    await expect.element(screen.getByText('3 of 3 chosen')).toBeVisible();

    await fillLab(screen);
    await flag(1).fill('HC{files}');
    await submit(screen);
    await vi.waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]?.[0].files.map((sent) => sent.name)).toEqual([
      'notes.txt',
      'b.bin',
      'small.txt',
    ]);
  });

  it('counts the files a lab keeps when editing, and sends those to remove', async () => {
    const kept = labFile('readme.md');
    const removed = labFile('old.zip');
    const { screen, save, flag, anyCase, kind, fileInput } = await renderLabForm({
      initialValues: {
        name: 'Existing lab',
        difficulty: 'Hard',
        category: 'Crypto',
        points: 300,
        scoring: 'dynamic',
        minimumPoints: 50,
        decay: 5,
        description: '',
        hints: [],
        flags: [flagRow('HC{kept}', true, 'regex')],
        files: [],
        removeFileIds: [],
      },
      existingFiles: [kept, removed],
      submitLabel: 'Save changes',
    });
    await expect.element(screen.getByText('New files')).toBeVisible();
    await expect.element(screen.getByText('2 of 3 chosen')).toBeVisible();
    await expect.element(flag(1)).toHaveValue('HC{kept}');
    await expect.element(anyCase(1)).toBeChecked();
    await expect.element(kind(1)).toHaveValue('Regular expression');
    await expect.element(screen.getByRole('textbox', { name: 'Minimum points' })).toHaveValue('50');

    await screen.getByRole('checkbox', { name: 'Remove old.zip' }).click();
    await expect.element(screen.getByText('1 of 3 chosen')).toBeVisible();
    await userEvent.upload(fileInput, [file('new.txt'), file('second.txt')]);
    await expect.element(screen.getByText('3 of 3 chosen')).toBeVisible();

    await screen.getByRole('button', { name: 'Save changes' }).click();
    await vi.waitFor(() => expect(save).toHaveBeenCalledOnce());
    const [input, removeFileIds] = save.mock.calls[0] ?? [];
    expect(removeFileIds).toEqual([removed.id]);
    expect(input?.flags).toEqual([{ value: 'HC{kept}', kind: 'regex', caseSensitive: false }]);
    expect(input).toMatchObject({ scoring: 'dynamic', minimumPoints: '50', decay: '5' });
    expect(input?.files.map((sent) => sent.name)).toEqual(['new.txt', 'second.txt']);
  });

  it('sends a dynamic lab’s minimum and decay, checked against its points', async () => {
    const { screen, save, flag } = await renderLabForm();
    await fillLab(screen);
    await flag(1).fill('HC{dynamic}');
    await screen.getByText('Dynamic', { exact: true }).click();
    const minimum = screen.getByRole('textbox', { name: 'Minimum points' });
    await minimum.fill('300');
    await screen.getByRole('textbox', { name: 'Decay' }).fill('');

    await submit(screen);
    await expect.element(screen.getByText('The minimum must not exceed the points')).toBeVisible();
    await expect.element(screen.getByText('Enter a whole number from 1 to 10,000')).toBeVisible();
    expect(save).not.toHaveBeenCalled();

    await minimum.fill('50');
    await screen.getByRole('textbox', { name: 'Decay' }).fill('20');
    await submit(screen);
    await vi.waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]?.[0]).toMatchObject({
      points: '250',
      scoring: 'dynamic',
      minimumPoints: '50',
      decay: '20',
    });
  });

  it('checks a regular-expression flag’s pattern and says how it is matched', async () => {
    const { screen, save, flag, kind } = await renderLabForm();
    await fillLab(screen);
    await flag(1).fill('HC\\{[0-9+');
    await kind(1).click();
    await screen.getByRole('option', { name: 'Regular expression' }).click();
    await expect
      .element(screen.getByText('Matched whole, e.g. flag\\{[a-f0-9]{8}\\}'))
      .toBeVisible();

    await submit(screen);
    await expect.element(screen.getByText(/^Not a valid pattern: /)).toBeVisible();
    expect(save).not.toHaveBeenCalled();

    await flag(1).fill('HC\\{[0-9]+\\}');
    await submit(screen);
    await vi.waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]?.[0].flags).toEqual([
      { value: 'HC\\{[0-9]+\\}', kind: 'regex', caseSensitive: true },
    ]);
  });

  it('shows the API’s refusals: beside their fields, or the storage the files would pass', async () => {
    const { screen, save, onSaved, flag } = await renderLabForm();
    save.mockRejectedValueOnce(
      new ApiError({
        status: 400,
        code: 'validation_failed',
        title: 'Invalid input',
        errors: { name: ['A lab with this name exists'] },
      }),
    );
    await fillLab(screen);
    await flag(1).fill('HC{flag}');

    await submit(screen);
    await expect.element(screen.getByText('A lab with this name exists')).toBeVisible();
    await expect
      .element(screen.getByRole('alert'))
      .toMatchTextContent('Please correct the fields marked below.');

    save.mockRejectedValueOnce(
      new ApiError({
        status: 413,
        code: 'storage_quota_exceeded',
        title: 'Storage quota reached',
        detail: 'Your labs’ files use 9 MB of your 10 MB; these files would go past it',
      }),
    );
    await submit(screen);
    await expect
      .element(screen.getByRole('alert'))
      .toMatchTextContent('Your labs’ files use 9 MB of your 10 MB; these files would go past it');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
