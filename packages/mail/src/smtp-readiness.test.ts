import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { smtpReadiness } from './smtp-readiness';

describe('smtpReadiness', () => {
  it('asks the mail server once per cache period, and degrades when it is gone', async () => {
    let greeted = 0;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect(_session, callback) {
        greeted += 1;
        callback();
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    let clock = 0;
    const check = smtpReadiness(`smtp://127.0.0.1:${port}`, { cacheMs: 1_000, now: () => clock });

    expect(await check()).toEqual({ status: 'ok' });
    expect(await check()).toEqual({ status: 'ok' });
    expect(greeted).toBe(1);

    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await check()).toEqual({ status: 'ok' });
    clock += 1_000;
    const down = await check();
    expect(down.status).toBe('degraded');
    expect(down.detail).toMatch(/^SMTP: .*ECONNREFUSED/);
  });
});
