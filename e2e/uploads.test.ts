import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson } from './support/accounts';
import { apiClient, createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { fillLabBasics } from './support/lab-form';
import { signedInPage } from './support/signed-in-page';

vi.setConfig({ testTimeout: 120_000 });

const MB = 1_048_576;
// Not the defaults (5 MB, 20 MB, 10 files): the web app must learn them from the server.
const LIMITS = { UPLOAD_IMAGE_MAX_MB: '1', UPLOAD_FILE_MAX_MB: '2', UPLOAD_FILES_PER_LAB: '3' };

let app: RunningApp;
let page: Page;
const teacher = testPerson('Hedy Teacher', 'Teacher');
let idToken: string;

beforeAll(async () => {
  app = await startApp(LIMITS);
  ({ idToken } = await createVerifiedAccount(app, teacher));
  page = await signedInPage(app, teacher, { acceptDownloads: true });
});

afterAll(async () => {
  await app?.close();
});

/** Lets the browser send only `bytesPerSecond` (Chrome's own network emulation); -1 lifts it. */
async function throttleUploads(bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Fills the create-lab form's required fields and chooses `file`. */
async function fillLab(name: string, file: { name: string; buffer: Buffer }) {
  await page.goto(`${app.server.url}/hacking-labs/create`);
  await page.getByRole('heading', { name: 'Create lab', level: 1 }).waitFor();
  await fillLabBasics(page, { name, difficulty: 'Easy', category: 'Forensics' });
  await page.getByRole('textbox', { name: 'Flag 1' }).fill('HC{carved}');
  await page
    .locator('input[type=file]')
    .setInputFiles({ ...file, mimeType: 'application/octet-stream' });
  await page.getByRole('list', { name: 'Chosen files' }).getByText(file.name).waitFor();
}

describe('uploads', () => {
  it('serves the configured limits in /config.json', async () => {
    const config = (await (await fetch(`${app.server.url}/config.json`)).json()) as {
      uploads: unknown;
    };
    expect(config.uploads).toEqual({ imageMaxBytes: MB, fileMaxBytes: 2 * MB, filesPerLab: 3 });
  });

  it('refuses a lab file and a classroom image over the configured limits, naming them', async () => {
    await page.goto(`${app.server.url}/hacking-labs/create`);
    await page
      .getByText('Optional: up to 3 files of any type in all, 2.0 MB each.', { exact: false })
      .waitFor();
    await page.locator('input[type=file]').setInputFiles({
      name: 'disk.img',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(2 * MB + 1),
    });
    await page.getByText('disk.img: files may be at most 2.0 MB each').waitFor();
    expect(await page.getByRole('list', { name: 'Chosen files' }).count()).toBe(0);

    await page.goto(`${app.server.url}/classrooms`);
    await page.getByRole('button', { name: 'Create classroom' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create classroom' });
    await dialog.getByText('PNG, JPEG, WebP or GIF, up to 1.0 MB').waitFor();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(MB + 1) });
    await dialog.getByRole('alert').getByText('The image may have at most 1.0 MB').waitFor();
  });

  it('cancelling a lab whose file is being sent aborts it: no lab is made', async () => {
    await fillLab('Cancelled carving', { name: 'capture.bin', buffer: randomBytes(1.5 * MB) });
    await throttleUploads(100 * 1024);
    await page.getByRole('button', { name: 'Create lab' }).click();
    await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await throttleUploads(-1);
    await page.waitForURL((url) => url.pathname === '/hacking-labs');
    // The server drops a form cut short; give it a moment to have seen the connection close.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await apiClient(app, idToken).call('GET', '/hacking-labs')).toEqual([]);
  });

  it('shows the progress of a lab file as it is sent, then downloads it to disk', async () => {
    const bytes = randomBytes(1.5 * MB);
    await fillLab('File carving', { name: 'capture.bin', buffer: bytes });
    await throttleUploads(300 * 1024);
    await page.getByRole('button', { name: 'Create lab' }).click();
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await progress.waitFor();
    await page.getByText(/^Uploading: [\d.]+ (KB|MB) of 1\.5 MB$/).waitFor();
    // Sending: the submit button waits, and the bar moves.
    expect(await page.getByRole('button', { name: 'Create lab' }).isDisabled()).toBe(true);
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(20);
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `/tmp/uploads-progress-${scheme}.png` });
    }
    await page.waitForURL((url) => url.pathname === '/hacking-labs/file-carving', {
      timeout: 60_000,
    });
    await throttleUploads(-1);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'capture.bin' }).click();
    const saved = await download;
    // The browser fetched the signed link itself, not a Blob the page made.
    expect(saved.url()).toMatch(
      /\/api\/hacking-labs\/[0-9a-f-]{36}\/files\/[0-9a-f-]{36}\/download\?/,
    );
    expect(saved.suggestedFilename()).toBe('capture.bin');
    expect(Buffer.compare(await readFile(await saved.path()), bytes)).toBe(0);

    // The link was for this user and a minute: altered, it is refused with a problem document.
    const altered = saved
      .url()
      .replace(/signature=./, (match) => (match.endsWith('A') ? 'signature=B' : 'signature=A'));
    const refused = await fetch(altered);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
