import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson } from './support/accounts';
import { type RunningApp, startApp } from './support/app';
import { emulateScheme } from './support/pages';
import { checkScreen } from './support/screens';
import { signedInPage } from './support/signed-in-page';
import { classWithTargetLab } from './support/targets';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: RunningApp;
const teacher = testPerson('Tara Teacher', 'Teacher');
const student = testPerson('Sid Student', 'Student');
let classroomId = '';
let labSlug = '';

// An engine is configured, but nothing answers on its socket.
beforeAll(async () => {
  app = await startApp({
    LABS_DRIVER: 'docker',
    DOCKER_HOST: 'unix:///nonexistent/hackclass-no-engine.sock',
    // Teachers sign up as teachers here; approval, on by default with targets, has tests of its own.
    TEACHER_APPROVAL: 'false',
  });
  ({ classroomId, labSlug } = await classWithTargetLab(app, teacher, student));
});

afterAll(async () => {
  await app?.close();
});

describe('live targets while the engine does not answer', () => {
  it('shows the student a Start button that says targets are unavailable right now', async () => {
    const page = await signedInPage(app, student);
    await page.goto(`${app.server.url}/hacking-labs/${labSlug}?classroom=${classroomId}`);
    const panel = page.getByRole('region', { name: 'Live target' });
    await panel
      .getByText('Live targets are unavailable right now: try again in a few minutes.')
      .waitFor();
    expect(await panel.getByRole('button', { name: 'Start target' }).isDisabled()).toBe(true);
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      await checkScreen(page, 'live-targets-unavailable', scheme);
    }
  });
});
