/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { ReactNode } from 'react';
import type { MailBrand } from './brand';
import { mailDarkColors as dark, mailColors as light } from './colors';
import { useMailSubject } from './mail-subject';

/*
 * Inline styles carry the light colours, so a client that drops the style block still shows dark
 * text on light ground; every element that sets a text colour sets its background too, so a
 * client that inverts colours inverts both. The block below switches to dark colours where the
 * reader asked for them: `prefers-color-scheme` for Apple Mail and most apps, `[data-ogsc]` and
 * `[data-ogsb]` for Outlook.com, which marks the elements it recolours that way.
 */
const DARK_MODE_STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-page { background: ${dark.page} !important; }
  .mail-card { background: ${dark.card} !important; color: ${dark.text} !important; }
  .mail-muted { color: ${dark.muted} !important; }
  .mail-text-link { color: ${dark.link} !important; }
}
[data-ogsb] .mail-page { background: ${dark.page} !important; }
[data-ogsb] .mail-card { background: ${dark.card} !important; }
[data-ogsc] .mail-card { color: ${dark.text} !important; }
[data-ogsc] .mail-muted { color: ${dark.muted} !important; }
[data-ogsc] .mail-text-link { color: ${dark.link} !important; }`;

const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

interface MailLayoutProps {
  brand: MailBrand;
  /** One line that mail clients show beside the subject. */
  preview: string;
  /** Why the reader got this mail, e.g. "You get this mail because someone signed up with this address." */
  reason: string;
  children: ReactNode;
}

/**
 * The frame of every mail: the product's name, a card holding the message, and a footer saying
 * where it came from and why. A presentation table centres the card, as Outlook for Windows
 * ignores the width of a div.
 */
export function MailLayout({ brand, preview, reason, children }: MailLayoutProps) {
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{useMailSubject()}</title>
        <style>{DARK_MODE_STYLE}</style>
      </head>
      <body className="mail-page" style={{ margin: 0, padding: 0, background: light.page }}>
        <div className="mail-preview" style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>
          {preview}
        </div>
        <table
          role="presentation"
          className="mail-page"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ background: light.page, borderCollapse: 'collapse' }}
        >
          <tbody>
            <tr>
              <td style={{ padding: '24px 12px' }}>
                <main
                  className="mail-card"
                  style={{
                    maxWidth: 560,
                    margin: '0 auto',
                    padding: 24,
                    borderRadius: 8,
                    background: light.card,
                    color: light.text,
                    fontFamily,
                    fontSize: 16,
                    lineHeight: 1.5,
                  }}
                >
                  <p style={{ margin: '0 0 16px', fontWeight: 700, fontSize: 18 }}>
                    {brand.productName}
                  </p>
                  {children}
                  <footer
                    className="mail-muted"
                    style={{ margin: '24px 0 0', color: light.muted, fontSize: 13 }}
                  >
                    <p style={{ margin: '0 0 4px' }}>{reason}</p>
                    <p style={{ margin: 0 }}>
                      {brand.productName} ·{' '}
                      <a
                        className="mail-text-link"
                        href={brand.publicUrl}
                        style={{ color: light.link }}
                      >
                        {brand.publicUrl}
                      </a>
                    </p>
                  </footer>
                </main>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** A paragraph of a mail's message. */
export function MailText({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <p
      className={muted ? 'mail-muted' : undefined}
      style={{ margin: '0 0 12px', ...(muted ? { color: light.muted, fontSize: 14 } : {}) }}
    >
      {children}
    </p>
  );
}

/**
 * The one thing the mail asks the reader to do, with the bare link below for clients that do not
 * follow buttons. The plain text keeps the label and the bare link only.
 */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <p style={{ margin: '20px 0' }}>
        <a
          className="mail-button"
          href={href}
          style={{
            display: 'inline-block',
            padding: '10px 18px',
            borderRadius: 6,
            background: light.button,
            color: light.buttonText,
            fontWeight: 600,
            textDecoration: 'none',
          }}
        >
          {children}
        </a>
      </p>
      <p className="mail-muted" style={{ margin: '0 0 12px', color: light.muted, fontSize: 13 }}>
        <span className="mail-link-lead">Or open this link: </span>
        <a
          className="mail-text-link"
          href={href}
          style={{ color: light.link, wordBreak: 'break-all' }}
        >
          {href}
        </a>
      </p>
    </>
  );
}
