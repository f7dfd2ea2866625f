import type { QueuedMail } from '@hackclass/mail';

const PRODUCT = 'HackClass';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function htmlOf(paragraphs: string[], link: string, button: string): string {
  const safeLink = escapeHtml(link);
  return [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`),
    `<p><a href="${safeLink}" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(button)}</a></p>`,
    `<p style="color:#666;font-size:13px">Or paste this link into your browser:<br>${safeLink}</p>`,
    `<p style="color:#666;font-size:13px">— ${PRODUCT}</p>`,
    '</body></html>',
  ].join('\n');
}

export function verifyEmailMail(to: string, link: string): QueuedMail {
  const lines = [
    'Hi,',
    `Please confirm that ${to} is your email address for ${PRODUCT}. The link works for 24 hours.`,
    "If you didn't create an account, you can ignore this mail.",
  ];
  return {
    kind: 'verify_email',
    to,
    subject: `Verify your email for ${PRODUCT}`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n— ${PRODUCT}\n`,
    html: htmlOf(lines, link, 'Verify email'),
  };
}

export function resetPasswordMail(to: string, link: string): QueuedMail {
  const lines = [
    'Hi,',
    `Someone asked to reset the password of your ${PRODUCT} account ${to}. The link works for one hour.`,
    "If it wasn't you, ignore this mail: your password stays as it is.",
  ];
  return {
    kind: 'reset_password',
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n— ${PRODUCT}\n`,
    html: htmlOf(lines, link, 'Choose a new password'),
  };
}

/** After a password change made while signed in, so that the owner hears of one they did not make. */
export function passwordChangedMail(to: string, link: string): QueuedMail {
  const lines = [
    'Hi,',
    `Your ${PRODUCT} password was changed for the account ${to}, and every other session was signed out.`,
    'If it was not you, reset your password here at once:',
  ];
  return {
    kind: 'password_changed',
    to,
    subject: `Your ${PRODUCT} password was changed`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n— ${PRODUCT}\n`,
    html: htmlOf(lines, link, 'Reset your password'),
  };
}
