import type { MailOutbox } from '@hackclass/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initIdentity } from '@/lib/identity';
import { createQueryClient } from '@/lib/query-client';
import { serveApi } from '../../../../test/fake-api';
import { renderInApp } from '../../../../test/render-in-app';
import { loadTestRuntimeConfig } from '../../../../test/runtime-config';
import { MailPanel } from './mail-panel';

const outbox: MailOutbox = {
  items: [
    {
      id: crypto.randomUUID(),
      kind: 'verify_email',
      to: 'ada@example.org',
      subject: 'Verify your email for HackClass',
      status: 'sent',
      attempts: 1,
      lastError: null,
      createdAt: '2026-11-26T12:00:00.000Z',
      nextAttemptAt: '2026-11-26T12:00:00.000Z',
      sentAt: '2026-11-26T12:00:01.000Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
  pageCount: 1,
  counts: { queued: 0, sending: 0, retrying: 0, sent: 1, failed: 0 },
};

describe('MailPanel', () => {
  beforeAll(async () => {
    await initIdentity(await loadTestRuntimeConfig());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the kind of each mail, and keeps the list when a later refresh fails', async () => {
    let reachable = true;
    serveApi(() => {
      if (!reachable) throw new Error('The server is down');
      return outbox;
    });
    const queryClient = createQueryClient();
    const screen = await renderInApp(<MailPanel />, queryClient);
    const row = screen.getByRole('table', { name: 'Mail' }).getByRole('row').nth(1);
    await expect.element(row.getByText('Email verification')).toBeVisible();

    reachable = false;
    await queryClient.refetchQueries();
    await expect
      .element(screen.getByText('Could not refresh the mail; showing what was loaded before.'))
      .toBeVisible();
    await expect.element(row.getByText('ada@example.org')).toBeVisible();
    expect(screen.getByText('Could not load the mail.').query()).toBeNull();
  });
});
