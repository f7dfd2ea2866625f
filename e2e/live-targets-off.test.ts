import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson } from './support/accounts';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { signedInPage } from './support/signed-in-page';
import { classWithTargetLab } from './support/targets';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: RunningApp;
const teacher = testPerson('Tara Teacher', 'Teacher');
const student = testPerson('Sid Student', 'Student');
let classroomId = '';
let labSlug = '';

// No LABS_DRIVER: this server has no engine for targets.
beforeAll(async () => {
  app = await startApp();
  ({ classroomId, labSlug } = await classWithTargetLab(app, teacher, student));
});

afterAll(async () => {
  await app?.close();
});

describe('live targets on a server without an engine', () => {
  it('shows the student a Start button that says targets are not set up here', async () => {
    const page = await signedInPage(app, student);
    await page.goto(`${app.server.url}/hacking-labs/${labSlug}?classroom=${classroomId}`);
    const panel = page.getByRole('region', { name: 'Live target' });
    await panel.getByText('Live targets are not set up on this server.').waitFor();
    expect(await panel.getByRole('button', { name: 'Start target' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page, 'main')).toEqual([]);
  });

  it('lets the teacher keep editing the target, with a note that students cannot start it', async () => {
    const page = await signedInPage(app, teacher);
    await page.goto(`${app.server.url}/hacking-labs/${labSlug}/edit`);
    await page.getByRole('heading', { name: 'Edit lab', level: 1 }).waitFor();
    await page
      .getByText('Live targets are not set up on this server yet; students cannot start them.')
      .waitFor();
    // The lab's flags are optional: every target hands out its own.
    await page.getByLabel('Lifetime (minutes)').fill('90');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Lab saved').waitFor();
    await page.getByText('Live web target, 90 min, a flag per student').waitFor();
  });
});
