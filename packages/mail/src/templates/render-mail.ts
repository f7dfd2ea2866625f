import { convert } from 'html-to-text';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailMessage } from '../mailer';

/**
 * One template, both parts: the HTML as React renders it, and the plain text read off that HTML
 * (links written out, the hidden preview line left out).
 */
export function renderMail(to: string, subject: string, body: ReactElement): MailMessage {
  const html = `<!doctype html>${renderToStaticMarkup(body)}`;
  const text = convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'head', format: 'skip' },
      { selector: 'div[style*="display:none"]', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
  return { to, subject, html, text: `${text}\n` };
}
