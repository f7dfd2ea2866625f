import { HIDDEN_CHARACTERS_MESSAGE, WEB_ADDRESS_MESSAGE } from '@hackclass/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/errors';
import { renderInApp } from '../../../../test/render-in-app';
import { loadTestRuntimeConfig } from '../../../../test/runtime-config';
import type { ClassroomInput } from '../api/classroom-form-data';
import { ClassroomForm } from './classroom-form';

type Submit = (input: ClassroomInput, onError: (error: unknown) => void) => void;

async function renderForm(onSubmit: Submit = vi.fn()) {
  const screen = await renderInApp(
    <ClassroomForm submitLabel="Create classroom" pending={false} onSubmit={onSubmit} />,
  );
  const name = screen.getByRole('textbox', { name: 'Name' });
  const teacherName = screen.getByRole('textbox', { name: 'Teacher name' });
  const submit = () => screen.getByRole('button', { name: 'Create classroom' }).click();
  return { screen, name, teacherName, submit };
}

beforeAll(async () => {
  // The image field reads its size limit from the runtime configuration.
  await loadTestRuntimeConfig();
});

describe('ClassroomForm', () => {
  it('says why a name with a web address cannot be saved, before sending it', async () => {
    const onSubmit = vi.fn();
    const { screen, name, teacherName, submit } = await renderForm(onSubmit);
    await name.fill('Log in at https://evil.example/login');
    await teacherName.fill('Ada at www.evil.example');
    await submit();
    await expect.element(name).toHaveAccessibleDescription(WEB_ADDRESS_MESSAGE);
    await expect.element(teacherName).toHaveAccessibleDescription(WEB_ADDRESS_MESSAGE);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.container.textContent).not.toContain('Could not save');
  });

  it('shows the API’s reason on the field it names', async () => {
    const { name, teacherName, submit } = await renderForm((_input, onError) =>
      onError(
        new ApiError({
          status: 400,
          code: 'validation_failed',
          title: 'Validation failed',
          errors: { name: [HIDDEN_CHARACTERS_MESSAGE] },
        }),
      ),
    );
    await name.fill('Web 101');
    await teacherName.fill('Ada');
    await submit();
    await expect.element(name).toHaveAccessibleDescription(HIDDEN_CHARACTERS_MESSAGE);
  });
});
