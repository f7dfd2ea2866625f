import { convert } from 'html-to-text';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailMessage } from '../mailer';
import { MailSubject } from './mail-subject';

/**
 * The plain text read off a mail's HTML: the hidden preview line left out, the button kept as its
 * label with the bare link below it (the link text of MailButton), and no link written twice.
 */
const textOptions = {
  wordwrap: 78,
  selectors: [
    { selector: 'head', format: 'skip' },
    { selector: 'div.mail-preview', format: 'skip' },
    { selector: 'table', format: 'block' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'a.mail-button', format: 'inlineSurround', options: { suffix: ':' } },
    { selector: 'span.mail-link-lead', format: 'skip' },
  ],
};

/** One template, both parts: the HTML as React renders it, and the plain text read off that HTML. */
export function renderMail(to: string, subject: string, body: ReactElement): MailMessage {
  const html = `<!doctype html>${renderToStaticMarkup(
    createElement(MailSubject.Provider, { value: subject }, body),
  )}`;
  return { to, subject, html, text: `${convert(html, textOptions)}\n` };
}
