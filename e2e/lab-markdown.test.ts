import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPerson } from './support/accounts';
import { apiClient, createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { createLab } from './support/seed';
import { signedInPage } from './support/signed-in-page';

let app: RunningApp;
/** Another origin, as a tracking host would be: it counts what reaches it. */
let tracker: Server;
let trackerUrl: string;
const trackerHits: string[] = [];

const teacher = testPerson('Tara Teacher', 'Teacher');
let slug: string;

beforeAll(async () => {
  tracker = createServer((request, response) => {
    trackerHits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/gif' }).end('GIF89a');
  });
  tracker.listen(0, '127.0.0.1');
  await once(tracker, 'listening');
  trackerUrl = `http://127.0.0.1:${(tracker.address() as { port: number }).port}`;
  app = await startApp();
  const { idToken } = await createVerifiedAccount(app, teacher);
  ({ slug } = await createLab(apiClient(app, idToken), {
    name: 'Image sources',
    description: [
      '## Images',
      '',
      `![Network diagram](${trackerUrl}/pixel.gif?who=student)`,
      '',
      '![HackClass logo](/favicon.svg)',
      '',
      '![Inline payload](data:image/svg+xml,<svg/>)',
      '',
      '## Links',
      '',
      '[OWASP Top 10](https://owasp.org/Top10/), [the teacher](mailto:tara@school.example),',
      '[the chat](irc://irc.example/hackclass) and [the other chat](xmpp:room@chat.example).',
    ].join('\n'),
    difficulty: 'Easy',
    category: 'Web',
    points: 100,
    flags: [{ value: 'HC{markdown}' }],
  }));
});

afterAll(async () => {
  await app?.close();
  tracker?.close();
});

describe('a lab’s Markdown', () => {
  it.each(['light', 'dark'] as const)(
    'loads no image from another host and keeps only web and mail links (%s)',
    async (scheme) => {
      const page = await signedInPage(app, teacher, { scheme });
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto(`${app.server.url}/hacking-labs/${slug}`);
      await page.getByRole('heading', { name: 'Images', level: 2 }).waitFor();

      const logo = page.getByRole('img', { name: 'HackClass logo' });
      await expect
        .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete))
        .toBe(true);
      expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
        0,
      );

      // The page's own image has loaded: a foreign one would have been asked for by now.
      expect(requested.filter((url) => url.startsWith(trackerUrl))).toEqual([]);
      expect(trackerHits).toEqual([]);

      const diagram = page.getByRole('link', { name: 'Image: Network diagram' });
      expect(await diagram.getAttribute('href')).toBe(`${trackerUrl}/pixel.gif?who=student`);
      await page.getByText('Image: Inline payload').waitFor();
      expect(await page.getByRole('link', { name: 'Image: Inline payload' }).count()).toBe(0);

      const link = (name: string) => page.getByRole('main').getByText(name, { exact: true });
      expect(await link('OWASP Top 10').getAttribute('href')).toBe('https://owasp.org/Top10/');
      expect(await link('the teacher').getAttribute('href')).toBe('mailto:tara@school.example');
      expect(await link('the chat').getAttribute('href')).toBeNull();
      expect(await link('the other chat').getAttribute('href')).toBeNull();

      await page.screenshot({ path: join(tmpdir(), `lab-markdown-${scheme}.png`), fullPage: true });
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.context().close();
    },
  );
});
