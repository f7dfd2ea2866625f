/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { QueuedMail } from '../outbox/enqueue';
import type { MailBrand } from './brand';
import { MailButton, MailLayout, MailText } from './layout';
import { renderMail } from './render-mail';
import type { ActionMailData } from './verify-email-mail';

/**
 * After a password change made while signed in, so that the owner hears of one they did not
 * make; the link leads to the page that mails a reset link.
 */
export function passwordChangedMail(brand: MailBrand, { to, link }: ActionMailData): QueuedMail {
  return {
    kind: 'password_changed',
    ...renderMail(
      to,
      `Your ${brand.productName} password was changed`,
      <MailLayout
        brand={brand}
        preview="Every other session was signed out."
        reason={`You got this mail because the password of your ${brand.productName} account changed; we always tell the account's address.`}
      >
        <MailText>Hi,</MailText>
        <MailText>
          Your {brand.productName} password was changed for the account <strong>{to}</strong>, and
          every other session was signed out.
        </MailText>
        <MailText>If it was not you, reset your password at once:</MailText>
        <MailButton href={link}>Reset your password</MailButton>
      </MailLayout>,
    ),
  };
}
