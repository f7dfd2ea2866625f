import { describe, expect, it } from 'vitest';
import {
  requestHeadersForTarget,
  responseHeadersFromTarget,
  targetSetCookie,
  withoutHackClassCookies,
} from './headers';

const forwarding = { clientAddress: '203.0.113.7', proto: 'https' };

describe('what a target is sent', () => {
  it('drops HackClass’s cookies, prefixed or not, and keeps the target’s own', () => {
    expect(
      withoutHackClassCookies(
        'session=abc; hackclass_target=x.y.z.s; __Host-hackclass_xsrf=q; hackclass_xsrf=r; theme=dark',
      ),
    ).toBe('session=abc; theme=dark');
    expect(withoutHackClassCookies('HackClass_Target=1; __Secure-hackclass_x=2')).toBe('');
  });

  it('drops hop-by-hop headers and those the Connection header lists, keeps order and spelling', () => {
    const headers = requestHeadersForTarget(
      [
        'Host',
        'abc.labs.example',
        'X-Custom',
        'one',
        'Connection',
        'keep-alive, X-Secret-Hop',
        'X-Secret-Hop',
        'gone',
        'Keep-Alive',
        'timeout=5',
        'Proxy-Authorization',
        'Basic eA==',
        'Authorization',
        'Basic dXNlcjpwdw==',
        'Cookie',
        'hackclass_target=abc',
        'X-Forwarded-Proto',
        'gopher',
        'X-Forwarded-For',
        '198.51.100.1',
        'Expect',
        '100-continue',
      ],
      forwarding,
    );
    expect(headers).toEqual([
      'Host',
      'abc.labs.example',
      'X-Custom',
      'one',
      'Authorization',
      'Basic dXNlcjpwdw==',
      'X-Forwarded-For',
      '198.51.100.1, 203.0.113.7',
      'X-Forwarded-Proto',
      'https',
      'X-Forwarded-Host',
      'abc.labs.example',
    ]);
  });

  it('keeps a chunked body chunked, and an upgrade’s Connection and Upgrade headers', () => {
    expect(
      requestHeadersForTarget(['Host', 'h', 'Transfer-Encoding', 'chunked'], forwarding),
    ).toContain('Transfer-Encoding');
    const upgrade = requestHeadersForTarget(
      [
        'Host',
        'h',
        'Connection',
        'keep-alive, Upgrade',
        'Upgrade',
        'websocket',
        'Sec-WebSocket-Key',
        'k',
      ],
      { ...forwarding, upgrade: true },
    );
    expect(upgrade.slice(0, 8)).toEqual([
      'Host',
      'h',
      'Connection',
      'Upgrade',
      'Upgrade',
      'websocket',
      'Sec-WebSocket-Key',
      'k',
    ]);
    expect(
      requestHeadersForTarget(['Host', 'h', 'Upgrade', 'websocket'], forwarding),
    ).not.toContain('Upgrade');
  });
});

describe('what a browser is sent from a target', () => {
  it('keeps the target’s cookies on its own host, and refuses cookies named like HackClass’s', () => {
    expect(targetSetCookie('sid=1; Path=/; Domain=localhost; HttpOnly')).toBe(
      'sid=1; Path=/; HttpOnly',
    );
    expect(targetSetCookie('hackclass_target=forged; Path=/')).toBeUndefined();
    expect(targetSetCookie('__Host-hackclass_xsrf=x; Path=/; Secure')).toBeUndefined();
    expect(targetSetCookie('theme=dark')).toBe('theme=dark');
  });

  it('drops hop-by-hop headers and passes the rest, repeated ones included', () => {
    expect(
      responseHeadersFromTarget([
        'Content-Type',
        'text/html',
        'Transfer-Encoding',
        'chunked',
        'Connection',
        'close',
        'Set-Cookie',
        'a=1',
        'Set-Cookie',
        'hackclass_target=x',
        'Set-Cookie',
        'b=2; domain=.example.org',
        'Content-Security-Policy',
        "default-src 'self'",
      ]),
    ).toEqual([
      'Content-Type',
      'text/html',
      'Set-Cookie',
      'a=1',
      'Set-Cookie',
      'b=2',
      'Content-Security-Policy',
      "default-src 'self'",
      'Cross-Origin-Resource-Policy',
      'same-origin',
    ]);
  });

  it('answers Cross-Origin-Resource-Policy same-origin, whatever the target said', () => {
    expect(
      responseHeadersFromTarget([
        'Cross-Origin-Resource-Policy',
        'cross-origin',
        'Content-Type',
        'image/png',
      ]),
    ).toEqual(['Content-Type', 'image/png', 'Cross-Origin-Resource-Policy', 'same-origin']);
  });
});
