import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logInThroughForm, uniqueEmail } from './support/accounts';
import { apiClient, signInWithPassword } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { fillLabBasics } from './support/lab-form';
import { emulateScheme, freshPage } from './support/pages';
import { createClassroom } from './support/seed';
import { signUpVerified } from './support/verified-account';

vi.setConfig({ testTimeout: 60_000 });

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app.close();
});

describe('hacking labs', () => {
  it('a teacher creates a lab with Markdown and a file, downloads it and adds it to a classroom', async () => {
    const page = await freshPage(app, { acceptDownloads: true });
    const teacher = {
      name: 'Grace Teacher',
      email: uniqueEmail('lab-teacher'),
      password: 'correct horse battery',
      role: 'Teacher' as const,
    };
    await signUpVerified(page, app, teacher);
    const api = apiClient(app, await signInWithPassword(app, teacher.email, teacher.password));
    const classroom = await createClassroom(api, {
      name: 'Web security 101',
      description: 'For the browser tests',
      teacherName: 'Grace Teacher',
    });

    await page.goto(`${app.server.url}/hacking-labs`);
    await page.getByRole('heading', { name: 'Hacking labs', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Hacking labs | HackClass');
    await page.getByText('No hacking labs yet').waitFor();
    await page.getByRole('link', { name: 'Create lab' }).first().click();

    await page.getByRole('heading', { name: 'Create lab', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Create lab | HackClass');
    // The instance's upload limits, and how much of their storage quota the teacher uses.
    await page
      .getByText(
        'Optional: up to 10 files of any type in all, 20.0 MB each. Your labs’ files: 0 B of 500.0 MB used.',
      )
      .waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.getByText('Drag files here or click to choose them').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/lab-files-quota-${scheme}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await fillLabBasics(page, {
      name: 'SQL injection basics',
      difficulty: 'Medium',
      category: 'Web',
      points: 250,
    });
    await page.getByRole('textbox', { name: 'Flag 1' }).fill('HC{admin-without-password}');
    await page
      .getByRole('textbox', { name: 'Description' })
      .fill('## Goal\n\nLog in as **admin** without the password.\n\n<script>alert(1)</script>');
    await page.getByText('Preview', { exact: true }).click();
    const preview = page.getByRole('region', { name: 'Description preview' });
    await preview.getByRole('heading', { name: 'Goal', level: 2 }).waitFor();
    expect(await preview.locator('strong').textContent()).toBe('admin');
    expect(await preview.locator('script').count()).toBe(0);
    await page.getByText('Write', { exact: true }).click();

    const bytes = Buffer.from('id,user\n1,admin\n\u0000binary\u00ff', 'latin1');
    await page.locator('input[type=file]').setInputFiles({
      name: 'users.csv',
      mimeType: 'text/csv',
      buffer: bytes,
    });
    await page.getByRole('list', { name: 'Chosen files' }).getByText('users.csv').waitFor();
    await page.getByRole('button', { name: 'Create lab' }).click();

    await page.waitForURL((url) => url.pathname === '/hacking-labs/sql-injection-basics');
    await page.getByRole('heading', { name: 'SQL injection basics', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('SQL injection basics | HackClass');
    await page.getByRole('heading', { name: 'Goal', level: 2 }).waitFor();
    await page.getByText('250 points').waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'users.csv' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('users.csv');
    const path = await saved.path();
    expect(Buffer.compare(await readFile(path), bytes)).toBe(0);

    await page.getByRole('link', { name: 'Add to classroom' }).click();
    await page.getByRole('heading', { name: 'Add lab to classroom', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Add lab to classroom | HackClass');
    await page.getByRole('radio', { name: /Web security 101/ }).click();
    await page.getByRole('button', { name: 'Add to classroom' }).click();
    await page.getByText('Lab added').waitFor();
    await page.waitForURL((url) => url.pathname === '/hacking-labs/sql-injection-basics');
    await page
      .getByRole('region', { name: 'In your classrooms' })
      .getByText('Web security 101')
      .waitFor();

    const labs = await api.call<{ labCount: number }>('GET', `/classrooms/${classroom.id}`);
    expect(labs.labCount).toBe(1);

    await page.goto(`${app.server.url}/hacking-labs`);
    await page.getByRole('link', { name: 'SQL injection basics' }).waitFor();
    await page.getByText('1 file', { exact: true }).waitFor();
  });
});

describe('profile', () => {
  it('changes the display name and the password, then logs in with the new password', async () => {
    const page = await freshPage(app, { acceptDownloads: true });
    const user = {
      name: 'Alan Student',
      email: uniqueEmail('profile'),
      password: 'first password here',
      role: 'Student' as const,
    };
    await signUpVerified(page, app, user);

    await page.goto(`${app.server.url}/profile`);
    await page.waitForURL((url) => url.pathname === '/profile/profile');
    await expect.poll(() => page.title()).toBe('Profile | HackClass');
    await page.getByText('Email verified').waitFor();
    await page.getByLabel('Display name').fill('Alan T.');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile updated').waitFor();
    await page.getByRole('button', { name: /^Account menu of Alan T\./ }).waitFor();

    await page.getByRole('tab', { name: 'Security' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/security');
    await expect.poll(() => page.title()).toBe('Security | HackClass');
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel(/^New password/).fill('second password here');
    await page.getByLabel('Confirm new password').fill('second password here');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is not correct').waitFor();

    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();

    await page.goto(`${app.server.url}/logout`);
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    await logInThroughForm(page, user.email, 'second password here');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  });
});
