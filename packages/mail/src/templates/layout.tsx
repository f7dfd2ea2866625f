/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { ReactNode } from 'react';
import type { MailBrand } from './brand';

const DARK_MODE_STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .page { background: #1a1b1e !important; }
  .card { background: #25262b !important; color: #e9ecef !important; }
  .muted { color: #adb5bd !important; }
  .link { color: #74c0fc !important; }
}`;

interface MailLayoutProps {
  brand: MailBrand;
  /** One line that mail clients show beside the subject. */
  preview: string;
  children: ReactNode;
}

/** The frame of every mail: the product's name, a card holding the message, and where it came from. */
export function MailLayout({ brand, preview, children }: MailLayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE_STYLE}</style>
      </head>
      <body className="page" style={{ margin: 0, padding: '24px 12px', background: '#f1f3f5' }}>
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{preview}</div>
        <div
          className="card"
          style={{
            maxWidth: 560,
            margin: '0 auto',
            padding: 24,
            borderRadius: 8,
            background: '#ffffff',
            color: '#212529',
            fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
            fontSize: 16,
            lineHeight: 1.5,
          }}
        >
          <p style={{ margin: '0 0 16px', fontWeight: 700, fontSize: 18 }}>{brand.productName}</p>
          {children}
          <p className="muted" style={{ margin: '24px 0 0', color: '#495057', fontSize: 13 }}>
            {brand.productName} ·{' '}
            <a className="link" href={brand.publicUrl} style={{ color: '#1864ab' }}>
              {brand.publicUrl}
            </a>
          </p>
        </div>
      </body>
    </html>
  );
}

/** A paragraph of a mail's message. */
export function MailText({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <p
      className={muted ? 'muted' : undefined}
      style={{ margin: '0 0 12px', ...(muted ? { color: '#495057', fontSize: 14 } : {}) }}
    >
      {children}
    </p>
  );
}

/** The one thing the mail asks the reader to do, with the bare link below for clients without buttons. */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <p style={{ margin: '20px 0' }}>
        <a
          href={href}
          style={{
            display: 'inline-block',
            padding: '10px 18px',
            borderRadius: 6,
            background: '#1864ab',
            color: '#ffffff',
            fontWeight: 600,
            textDecoration: 'none',
          }}
        >
          {children}
        </a>
      </p>
      <p className="muted" style={{ margin: '0 0 12px', color: '#495057', fontSize: 13 }}>
        Or open this link: <span style={{ wordBreak: 'break-all' }}>{href}</span>
      </p>
    </>
  );
}
