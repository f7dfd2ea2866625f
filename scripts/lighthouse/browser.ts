import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@hackclass/http/testing';
import { type BrowserContext, chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../e2e/support/browser';

export interface AuditBrowser {
  /** The default context of the profile: the tabs Lighthouse opens share its storage. */
  context: BrowserContext;
  /** Where Chromium listens for DevTools (Lighthouse connects there). */
  port: number;
  /** Empties the HTTP cache, so every audit is a first visit; storage (the session) stays. */
  clearCache(): Promise<void>;
  close(): Promise<void>;
}

/** Headless Debian Chromium on a fresh profile, with DevTools on a loopback port. */
export async function auditBrowser(): Promise<AuditBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'hackclass-lighthouse-profile-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      '--remote-debugging-address=127.0.0.1',
      `--remote-debugging-port=${port}`,
    ],
  });
  return {
    context,
    port,
    clearCache: async () => {
      const page = await context.newPage();
      const session = await context.newCDPSession(page);
      await session.send('Network.clearBrowserCache');
      await page.close();
    },
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
