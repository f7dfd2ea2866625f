import type { QueuedMail } from '../src/outbox/enqueue';
import { announcementMail } from '../src/templates/announcement-mail';
import type { MailBrand } from '../src/templates/brand';
import { invitationMail } from '../src/templates/invitation-mail';
import { passwordChangedMail } from '../src/templates/password-changed-mail';
import { resetPasswordMail } from '../src/templates/reset-password-mail';
import { verifyEmailMail } from '../src/templates/verify-email-mail';

export interface MailSample {
  mail: QueuedMail;
  subject: string;
  /** The link the mail asks the reader to follow. */
  link: string;
  /** Words the reader supplied (names, addresses) that both parts must show as they are. */
  names: string[];
}

/**
 * Every mail with sample data, for the tests that hold for all of them; `hostile` is a name
 * that would break out of HTML if it were not escaped.
 */
export function mailSamples(brand: MailBrand, hostile: string): Record<string, MailSample> {
  const to = 'ada@example.org';
  const link = `${brand.publicUrl}/auth/action?mode=verifyEmail&oobCode=c0de&apiKey=k`;
  const forgot = `${brand.publicUrl}/auth/password-forgot`;
  const accept = `${brand.publicUrl}/invitations/t0ken`;
  const classroom = `${brand.publicUrl}/classrooms/4b1d`;
  return {
    verify_email: {
      mail: verifyEmailMail(brand, { to, link }),
      subject: `Verify your email for ${brand.productName}`,
      link,
      names: [to],
    },
    reset_password: {
      mail: resetPasswordMail(brand, { to, link }),
      subject: `Reset your ${brand.productName} password`,
      link,
      names: [to],
    },
    password_changed: {
      mail: passwordChangedMail(brand, { to, link: forgot }),
      subject: `Your ${brand.productName} password was changed`,
      link: forgot,
      names: [to],
    },
    invitation: {
      mail: invitationMail(brand, {
        to,
        classroomName: `Web security ${hostile}`,
        teacherName: `Grace ${hostile}`,
        acceptUrl: accept,
      }),
      subject: `Grace ${hostile} invites you to Web security ${hostile} on ${brand.productName}`,
      link: accept,
      names: [`Web security ${hostile}`, `Grace ${hostile}`],
    },
    announcement: {
      mail: announcementMail(brand, {
        to,
        classroomName: `Web security ${hostile}`,
        authorName: `Grace ${hostile}`,
        body: `## Lab 3 is **open**\n\nRead [the rules](${brand.publicUrl}/rules) first.\nThen try ${hostile}.`,
        classroomUrl: classroom,
      }),
      subject: `Web security ${hostile}: an announcement from Grace ${hostile}`,
      link: classroom,
      names: [
        `Web security ${hostile}`,
        `Grace ${hostile}`,
        'Lab 3 is open',
        `the rules (${brand.publicUrl}/rules)`,
        `Then try ${hostile}.`,
      ],
    },
  };
}
