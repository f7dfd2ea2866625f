import type { Page } from 'playwright-core';

let counter = 0;

/** A fresh address per call, unique across runs that share a database. */
export const uniqueEmail = (label: string) => {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.test`;
};

export interface AccountDetails {
  name: string;
  email: string;
  password: string;
  role: 'Student' | 'Teacher';
}

/** Someone to sign up in a test: a fresh address labelled by their first name unless told. */
export const testPerson = (
  name: string,
  role: AccountDetails['role'] = 'Student',
  label = name.split(' ')[0]?.toLowerCase() ?? 'user',
): AccountDetails => ({ name, email: uniqueEmail(label), password: 'correct horse battery', role });

/** Fills and sends the signup form of the page at /signup. */
export async function signUpThroughForm(page: Page, baseUrl: string, details: AccountDetails) {
  await page.goto(`${baseUrl}/signup`);
  await page.getByText(details.role, { exact: true }).click();
  await page.getByLabel('Name').fill(details.name);
  await page.getByLabel('Email').fill(details.email);
  await page.getByLabel(/^Password/).fill(details.password);
  await page.getByLabel('Confirm password').fill(details.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Fills and sends the login form of the page it is on. */
export async function logInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
