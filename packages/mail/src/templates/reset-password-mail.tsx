/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { QueuedMail } from '../outbox/enqueue';
import type { MailBrand } from './brand';
import { MailButton, MailLayout, MailText } from './layout';
import { renderMail } from './render-mail';
import type { ActionMailData } from './verify-email-mail';

/** A link to choose a new password, asked for on the sign-in page. */
export function resetPasswordMail(brand: MailBrand, { to, link }: ActionMailData): QueuedMail {
  return {
    kind: 'reset_password',
    ...renderMail(
      to,
      `Reset your ${brand.productName} password`,
      <MailLayout
        brand={brand}
        preview="Choose a new password; the link works for one hour."
        reason={`You got this mail because someone asked to reset the password of the ${brand.productName} account with this address.`}
      >
        <MailText>Hi,</MailText>
        <MailText>
          Someone asked to reset the password of your {brand.productName} account{' '}
          <strong>{to}</strong>. The link works for one hour.
        </MailText>
        <MailButton href={link}>Choose a new password</MailButton>
        <MailText muted>
          If it was not you, ignore this mail: your password stays as it is.
        </MailText>
      </MailLayout>,
    ),
  };
}
