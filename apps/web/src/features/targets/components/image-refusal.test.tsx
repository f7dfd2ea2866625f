import type { LabTargetSummary } from '@hackclass/contracts';
import { useForm } from '@mantine/form';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initIdentity } from '@/lib/identity';
import { renderInApp } from '../../../../test/render-in-app';
import { loadTestRuntimeConfig } from '../../../../test/runtime-config';
import { type TargetFormValues, targetFormErrors, targetFormValues } from '../utils/target-form';
import { ImageInput } from './image-input';
import { TargetView } from './target-view';

const NOT_ALLOWED =
  'This image is not one teachers may use on this server: ask your administrator to add it to LAB_IMAGE_ALLOW, or use an image already installed for you';

beforeAll(async () => {
  await initIdentity(await loadTestRuntimeConfig());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function ImageField() {
  const form = useForm<TargetFormValues>({
    initialValues: { ...targetFormValues(), enabled: true },
    validate: targetFormErrors,
  });
  return <ImageInput form={form} />;
}

describe('an image this server does not let teachers use', () => {
  it('is told apart from a failed check, in the API’s words, on Check image', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = new URL(String(input), window.location.origin).pathname;
      if (path === '/api/auth/antiforgery/token') return Response.json({ token: 'xsrf' });
      return Response.json(
        {
          type: 'about:blank',
          title: 'Image not allowed',
          status: 422,
          code: 'image_not_allowed',
          detail: NOT_ALLOWED,
        },
        { status: 422, headers: { 'content-type': 'application/problem+json' } },
      );
    });
    const screen = await renderInApp(<ImageField />);
    await screen.getByRole('textbox', { name: 'Image' }).fill('registry.other.example/x:1');
    await screen.getByRole('button', { name: 'Check image' }).click();
    await expect.element(screen.getByText('Not allowed on this server')).toBeVisible();
    await expect.element(screen.getByText(NOT_ALLOWED)).toBeVisible();
  });

  it('leaves a lab’s page saying why its target cannot start, with no Start to press', async () => {
    const message =
      "This lab's target cannot start: its image is not one this server lets teachers use";
    const summary: LabTargetSummary = {
      kind: 'http',
      lifetimeMinutes: 60,
      extendable: true,
      flagMode: 'static',
      refused: { code: 'image_not_allowed', message },
    };
    const screen = await renderInApp(
      <TargetView
        target={null}
        classroomId={crypto.randomUUID()}
        labId={crypto.randomUUID()}
        summary={summary}
        enabled
        engineAvailable
      />,
    );
    await expect.element(screen.getByText(`${message}.`)).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Start target' })).toBeDisabled();
  });
});
