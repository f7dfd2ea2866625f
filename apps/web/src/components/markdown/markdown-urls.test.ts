import { describe, expect, it } from 'vitest';
import { isOwnImageUrl, safeLinkUrl } from './markdown-urls';

const here = { origin: 'https://hackclass.example', apiBaseUrl: '/api' };
const apart = { origin: 'https://hackclass.example', apiBaseUrl: 'https://api.example/v1/' };

describe('safeLinkUrl', () => {
  it('keeps web and mail links, and relative ones', () => {
    for (const url of [
      'https://owasp.org/Top10/',
      'http://example.com',
      'mailto:teacher@school.example',
      '/labs',
      '#hints',
    ]) {
      expect(safeLinkUrl(url, here)).toBe(url);
    }
  });

  it('drops every other scheme', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'irc://irc.example/channel',
      'ircs://irc.example/channel',
      'xmpp:someone@example.com',
      'vbscript:msgbox',
      'file:///etc/passwd',
    ]) {
      expect(safeLinkUrl(url, here)).toBeUndefined();
    }
  });
});

describe('isOwnImageUrl', () => {
  it('loads images from the app’s origin and the API’s lab files', () => {
    expect(isOwnImageUrl('/logo.svg', here)).toBe(true);
    expect(isOwnImageUrl('https://hackclass.example/api/hacking-labs/x/files/y', here)).toBe(true);
    expect(isOwnImageUrl('https://api.example/v1/hacking-labs/x/files/y', apart)).toBe(true);
  });

  it('refuses any other host, the API’s other routes elsewhere, and other schemes', () => {
    for (const url of [
      'https://tracker.example/pixel.gif',
      '//tracker.example/pixel.gif',
      'https://hackclass.example.tracker.example/a.png',
      'https://api.example/v1/users/me',
      'https://api.example/hacking-labs/x/files/y',
      'data:image/svg+xml,<svg/>',
      'javascript:alert(1)',
    ]) {
      expect(isOwnImageUrl(url, apart)).toBe(false);
    }
  });
});
