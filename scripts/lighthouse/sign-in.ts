import type { BrowserContext } from 'playwright-core';

/**
 * Signs in through the login form, as a person does, and answers the href of the first classroom
 * the dashboard's classrooms page lists. The tab is closed after: the session stays in the
 * profile's storage, and no open app competes with the measured one.
 */
export async function signInAndFindClassroom(
  context: BrowserContext,
  origin: string,
  email: string,
  password: string,
): Promise<string> {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto(`${origin}/classrooms`);
    const link = page.locator('main a[href^="/classrooms/"]').first();
    const href = await link.getAttribute('href', { timeout: 30_000 });
    if (!href) throw new Error('The classrooms page lists no classroom');
    return href;
  } finally {
    await page.close();
  }
}
