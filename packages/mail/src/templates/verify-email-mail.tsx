/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { QueuedMail } from '../outbox/enqueue';
import type { MailBrand } from './brand';
import { MailButton, MailLayout, MailText } from './layout';
import { renderMail } from './render-mail';

export interface ActionMailData {
  to: string;
  /** The page the mail leads to, carrying its one-time code where it has one. */
  link: string;
}

/** Asks the owner of a new account's address to confirm it. */
export function verifyEmailMail(brand: MailBrand, { to, link }: ActionMailData): QueuedMail {
  return {
    kind: 'verify_email',
    ...renderMail(
      to,
      `Verify your email for ${brand.productName}`,
      <MailLayout
        brand={brand}
        preview="Confirm your address; the link works for 24 hours."
        reason={`You got this mail because someone signed up for ${brand.productName} with this address.`}
      >
        <MailText>Hi,</MailText>
        <MailText>
          Please confirm that <strong>{to}</strong> is your email address for {brand.productName}.
          The link works for 24 hours.
        </MailText>
        <MailButton href={link}>Verify email</MailButton>
        <MailText muted>If you did not create an account, you can ignore this mail.</MailText>
      </MailLayout>,
    ),
  };
}
