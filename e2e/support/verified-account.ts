import type { Page } from 'playwright-core';
import { linkIn } from '../../apps/identity/testing/smtp';
import { type AccountDetails, signUpThroughForm } from './accounts';
import type { RunningApp } from './app';

/** Signs up through the form and opens the verification link of the mail: a usable account. */
export async function signUpVerified(page: Page, app: RunningApp, details: AccountDetails) {
  const mail = app.smtp.expectMail(details.email, 15_000);
  await signUpThroughForm(page, app.server.url, details);
  await page.waitForURL((url) => url.pathname.startsWith('/auth/verify-email/'));
  await page.goto(linkIn(await mail.arrived()).href);
  await page.getByText('Your email address is verified').waitFor();
}
