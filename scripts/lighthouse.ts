/**
 * Lighthouse on four pages of HackClass as an operator serves it: the home page and login signed
 * out, the dashboard and a classroom signed in as the demo's teacher. A fresh data folder is
 * filled with the demo (`npm run seed:demo`) and served from the production build
 * (`npm run serve`); Debian's Chromium (CHROMIUM_PATH) signs in through the login form and
 * Lighthouse runs in the same profile, under its default mobile settings (a mid-range phone on a
 * slow 4G network, simulated). Prints each page's four category scores and the figures behind
 * performance; `LIGHTHOUSE_RUNS` runs each page that many times and keeps the median performance,
 * `LIGHTHOUSE_REPORTS` names a folder for each run's whole report (`<page>.json`), and
 * `LIGHTHOUSE_PAGES` (e.g. `dashboard,classroom`) audits only those pages.
 * Run after `npm run build`: npm run lighthouse
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, demoTeacher } from '../apps/server/src/demo/demo-content';
import { audit, type PageAudit } from './lighthouse/audit';
import { type AuditBrowser, auditBrowser } from './lighthouse/browser';
import { printAudits } from './lighthouse/report';
import { seedDemo, serve } from './lighthouse/server';
import { signInAndFindClassroom } from './lighthouse/sign-in';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const PAGES = new Set(
  (process.env.LIGHTHOUSE_PAGES ?? 'home,login,dashboard,classroom')
    .split(',')
    .map((page) => page.trim()),
);

async function medianAudit(
  browser: AuditBrowser,
  page: string,
  url: string,
): Promise<PageAudit | undefined> {
  if (!PAGES.has(page)) return undefined;
  const runs: PageAudit[] = [];
  for (let run = 0; run < RUNS; run++) {
    await browser.clearCache();
    runs.push(await audit(page, url, browser.port));
  }
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  return runs[Math.floor(runs.length / 2)] as PageAudit;
}

const dataDir = await mkdtemp(join(tmpdir(), 'hackclass-lighthouse-'));
try {
  console.log('Seeding the demo…');
  await seedDemo(dataDir);
  const app = await serve(dataDir);
  try {
    const browser = await auditBrowser();
    try {
      const audits = [
        await medianAudit(browser, 'home', `${app.origin}/`),
        await medianAudit(browser, 'login', `${app.origin}/login`),
      ];
      const classroom = await signInAndFindClassroom(
        browser.context,
        app.origin,
        demoTeacher.email,
        DEMO_PASSWORD,
      );
      audits.push(await medianAudit(browser, 'dashboard', `${app.origin}/dashboard`));
      audits.push(await medianAudit(browser, 'classroom', `${app.origin}${classroom}`));
      printAudits(audits.filter((audit) => audit !== undefined));
    } finally {
      await browser.close();
    }
  } finally {
    await app.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
