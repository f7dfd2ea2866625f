import { describe, expect, it } from 'vitest';
import { mailSamples } from '../../testing';
import { announcementMail } from './announcement-mail';
import { invitationMail } from './invitation-mail';

const brand = { productName: 'HackClass', publicUrl: 'https://hackclass.school.example' };
const hostile = `<script>alert("x")</script> & 'quotes'`;
const mails = Object.entries(mailSamples(brand, hostile));
const plain = Object.entries(mailSamples(brand, 'Smith'));

/** What an HTML text node or attribute holds for `text`, as React escapes it. */
const escaped = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

describe.each(mails)('the %s mail', (kind, { mail, subject, link, names }) => {
  it('says what it is for in its kind and subject', () => {
    expect(mail.kind).toBe(kind);
    expect(mail.subject).toBe(subject);
    expect(mail.to).toBe('ada@example.org');
  });

  it('carries its link and the names in both parts', () => {
    expect(mail.html).toContain(`href="${escaped(link)}"`);
    expect(mail.text).toContain(link);
    for (const name of names) {
      expect(mail.html).toContain(escaped(name));
      // The text part wraps at 78 columns, anywhere in a name.
      expect(mail.text.replace(/\s+/g, ' ')).toContain(name);
    }
  });

  it('shows the product name, the public URL and why the reader got it', () => {
    expect(mail.html).toContain(`href="${brand.publicUrl}"`);
    expect(mail.text).toContain(`HackClass · ${brand.publicUrl}`);
    expect(mail.text).toMatch(/You got this mail because .+/);
  });

  it('escapes what it quotes, so no quoted name becomes markup', () => {
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('"x"');
  });

  it('is readable in dark mode clients and by screen readers', () => {
    expect(mail.html).toMatch(/^<!doctype html><html lang="en"/);
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(mail.html).toContain('@media (prefers-color-scheme: dark)');
    expect(mail.html).toContain(`<title>${escaped(subject)}</title>`);
  });
});

describe.each(plain)('the text part of the %s mail', (_kind, { mail, link }) => {
  it('has no HTML, no hidden preview line and each link once', () => {
    expect(mail.text).not.toMatch(/<[a-z/!]|&[a-z#0-9]+;/i);
    expect(mail.text).not.toContain('Or open this link');
    expect(mail.text.split(link)).toHaveLength(2);
    expect(mail.text.startsWith('HackClass\n')).toBe(true);
  });
});

describe('names saved before they were checked', () => {
  it('are quoted as one line, without bidirectional controls', () => {
    const classroomName = 'Room X\r\nBcc: injected@evil.example\r\n X-Injected: 1';
    const teacherName = 'Grace\u202Eecalevol';
    const invitation = invitationMail(brand, {
      to: 'ada@example.org',
      classroomName,
      teacherName,
      acceptUrl: `${brand.publicUrl}/invitations/t0ken`,
    });
    const announcement = announcementMail(brand, {
      to: 'ada@example.org',
      classroomName,
      authorName: teacherName,
      body: 'Hi',
      classroomUrl: `${brand.publicUrl}/classrooms/4b1d`,
    });
    expect(invitation.subject).toBe(
      'Graceecalevol invites you to Room X Bcc: injected@evil.example X-Injected: 1 on HackClass',
    );
    expect(announcement.subject).toBe(
      'Room X Bcc: injected@evil.example X-Injected: 1: an announcement from Graceecalevol',
    );
    for (const mail of [invitation, announcement]) {
      expect(mail.html).not.toMatch(/[\r\u202E]/);
      expect(mail.text).not.toMatch(/[\r\u202E]|\nBcc/);
    }
  });
});
