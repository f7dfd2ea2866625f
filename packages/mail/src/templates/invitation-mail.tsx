/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { oneLineName } from '@hackclass/contracts';
import type { QueuedMail } from '../outbox/enqueue';
import type { MailBrand } from './brand';
import { MailButton, MailLayout, MailText } from './layout';
import { renderMail } from './render-mail';

export interface InvitationMailData {
  to: string;
  classroomName: string;
  teacherName: string;
  /** Accepts when signed in; leads through sign-up first when the address has no account yet. */
  acceptUrl: string;
}

/** A teacher invites an address to their classroom. */
export function invitationMail(brand: MailBrand, data: InvitationMailData): QueuedMail {
  const classroomName = oneLineName(data.classroomName);
  const teacherName = oneLineName(data.teacherName);
  const subject = `${teacherName} invites you to ${classroomName} on ${brand.productName}`;
  return {
    kind: 'invitation',
    ...renderMail(
      data.to,
      subject,
      <MailLayout
        brand={brand}
        preview={`Join ${classroomName}`}
        reason={`You got this mail because ${teacherName} invited this address to a classroom on ${brand.productName}.`}
      >
        <MailText>Hi,</MailText>
        <MailText>
          {teacherName} invites you to join the classroom <strong>{classroomName}</strong> on{' '}
          {brand.productName}, where you will find its hacking labs and leaderboard.
        </MailText>
        <MailButton href={data.acceptUrl}>Accept the invitation</MailButton>
        <MailText muted>
          No account yet? The link lets you sign up with this address first. If you did not expect
          this invitation, you can ignore this mail.
        </MailText>
      </MailLayout>,
    ),
  };
}
