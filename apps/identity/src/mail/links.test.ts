import { mailBrandOf, resetPasswordMail, verifyEmailMail } from '@hackclass/mail';
import { parseActionCodeURL } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../protocol/errors';
import { actionLink, checkContinueUrl, languageOf } from './links';

const site = { publicUrl: 'https://hackclass.example.org', apiKey: 'key-123456' };

describe('action links', () => {
  it('are read by the SDK, with continue URL and language', () => {
    const link = actionLink(site, 'resetPassword', 'code-1', {
      continueUrl: 'https://hackclass.example.org/labs?x=1&y=2',
      lang: 'de',
    });
    expect(link.startsWith('https://hackclass.example.org/auth/reset-password?')).toBe(true);
    expect(parseActionCodeURL(link)).toMatchObject({
      operation: 'PASSWORD_RESET',
      code: 'code-1',
      apiKey: 'key-123456',
      continueUrl: 'https://hackclass.example.org/labs?x=1&y=2',
      languageCode: 'de',
    });
  });

  it.each([
    ['not a url', 'INVALID_CONTINUE_URI'],
    ['https://evil.example.com/', 'UNAUTHORIZED_DOMAIN'],
    ['http://hackclass.example.org/', 'UNAUTHORIZED_DOMAIN'],
  ])('refuse the continue URL %s', (url, message) => {
    expect(() => checkContinueUrl(url, site.publicUrl)).toThrow(
      new ProtocolError(message as 'INVALID_CONTINUE_URI'),
    );
  });

  it('accept only language tags from the locale header', () => {
    expect(languageOf('pt-BR')).toBe('pt-BR');
    expect(languageOf('"><script>')).toBeUndefined();
  });

  it('go into mails in both parts, with the product name and the public URL', () => {
    const link = actionLink(site, 'verifyEmail', 'c', {});
    const mail = verifyEmailMail(mailBrandOf(site.publicUrl), { to: 'a<b>@example.org', link });
    expect(mail.subject).toBe('Verify your email for HackClass');
    expect(mail.text).toContain(link);
    expect(mail.html).not.toContain('a<b>');
    expect(mail.html).toContain(link.replaceAll('&', '&amp;'));
    expect(mail.html).toContain('href="https://hackclass.example.org"');
    const reset = resetPasswordMail(mailBrandOf(site.publicUrl), { to: 'a@example.org', link });
    expect(reset.subject).toBe('Reset your HackClass password');
  });
});
