import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type ReceivedMail } from '../apps/identity/testing/smtp';
import { testPerson } from './support/accounts';
import { signedUpClients } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { freshPage, type Scheme, useScheme } from './support/pages';
import { checkScreen } from './support/screens';
import { createClassroom } from './support/seed';
import { signedInPage } from './support/signed-in-page';

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

/** The invitation link of a mail, as the student's mail client shows it. */
function invitationLinkIn(mail: ReceivedMail): string {
  const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /https?:\/\/[^\s"<>]+\/invitations\/[A-Za-z0-9_-]{43}/.exec(unfolded)?.[0];
  if (!link) throw new Error('no invitation link in the mail');
  return link;
}

describe('an invitation mail', () => {
  it('leads a student with no account through sign-up, a resent verification and into the classroom', async () => {
    const teacher = testPerson('Ada Lovelace', 'Teacher');
    const [teacherApi] = await signedUpClients(app, teacher);
    const classroom = await createClassroom(teacherApi, {
      name: 'Web Security 101',
      teacherName: 'Ms Lovelace',
    });
    const student = testPerson('Noor Newcomer');

    const teacherPage = await signedInPage(app, teacher);
    await teacherPage.goto(`${app.server.url}/classrooms/${classroom.id}/members`);
    const invitationMail = app.smtp.expectMail(student.email, 30_000);
    await teacherPage.getByLabel('Invite by email').fill(student.email);
    await teacherPage.getByRole('button', { name: 'Invite', exact: true }).click();
    const mail = await invitationMail.arrived();
    expect(mail.raw).toContain('Web Security 101');
    const link = invitationLinkIn(mail);
    // Sent just now: Send again says when it may go.
    await teacherPage
      .getByRole('button', { name: `Send again the invitation to ${student.email}` })
      .click();
    await teacherPage.getByText('Could not send the invitation again').waitFor();
    await teacherPage
      .getByText(
        /^This invitation was mailed less than 10 minutes ago: send it again in 10 minutes$/,
      )
      .waitFor();

    const page = await freshPage(app);
    await page.goto(link);
    await page.getByText('Ada Lovelace invites').waitFor();
    const masked = `${student.email[0]}***@example.test`;
    await page.getByRole('link', { name: `Sign up with ${masked}` }).click();
    await page.waitForURL((url) => url.pathname === '/signup');

    const verificationMail = app.smtp.expectMail(student.email, 15_000);
    await page.getByLabel('Name').fill(student.name);
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel(/^Password/).fill(student.password);
    await page.getByLabel('Confirm password').fill(student.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await verificationMail.arrived();
    // Back on the invitation, unverified: the mail sent again keeps the way back to it.
    await page.getByRole('link', { name: 'Resend the verification mail' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/auth/verify-email/'));
    const resentMail = app.smtp.expectMail(student.email, 15_000);
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await page.goto(linkIn(await resentMail.arrived()).href);
    await page.getByText('Your email address is verified').waitFor();
    // The verification link continues to the invitation the sign-up came from.
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(link);
    await page.getByRole('button', { name: 'Accept and join Web Security 101' }).click();
    await page.waitForURL((url) => url.pathname === `/classrooms/${classroom.id}`);
    await page.getByRole('heading', { name: 'Web Security 101' }).first().waitFor();
  });

  it.each(['light', 'dark'] as const satisfies Scheme[])(
    'says when its invitation was withdrawn, and shows a pending one to a stranger (%s)',
    async (scheme) => {
      const teacher = testPerson('Grace Hopper', 'Teacher');
      const [teacherApi] = await signedUpClients(app, teacher);
      const classroom = await createClassroom(teacherApi, {
        name: `Forensics ${scheme}`,
        teacherName: 'Ms Hopper',
      });
      const email = testPerson('Wendy').email;
      const invitationMail = app.smtp.expectMail(email, 30_000);
      await teacherApi.call(
        'POST',
        `/classrooms/${classroom.id}/members?userEmail=${encodeURIComponent(email)}`,
      );
      const link = invitationLinkIn(await invitationMail.arrived());

      const page = await freshPage(app);
      await page.goto(link);
      await useScheme(page, scheme);
      await page.getByRole('link', { name: 'Sign in' }).waitFor();
      await checkScreen(page, 'invitation-pending', scheme);

      await teacherApi.call(
        'DELETE',
        `/classrooms/${classroom.id}/members?userEmail=${encodeURIComponent(email)}`,
      );
      await page.reload();
      await page.getByText('The teacher withdrew this invitation').waitFor();
      await checkScreen(page, 'invitation-withdrawn', scheme);
      expect(await page.getByRole('button', { name: /Accept/ }).count()).toBe(0);
    },
  );
});
