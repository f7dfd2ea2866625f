import {
  confirmPasswordReset,
  deleteUser,
  parseActionCodeURL,
  sendPasswordResetEmail,
  updatePassword,
} from 'firebase/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteSdkClients,
  type IdentityServer,
  linkIn,
  PUBLIC_URL,
  signUpWithSdk,
  startIdentity,
} from '../../testing';
import { ACCOUNT_EVENTS_KEPT_MS } from '../accounts/account-events';

interface ListedEvent {
  seq: number;
  uid: string;
  type: string;
  validSince: number;
  createdAt: string;
}

let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentity();
});
afterEach(deleteSdkClients);
afterAll(() => server.close());

async function eventsOf(uid: string, query = '') {
  const response = await server.admin('GET', `/account-events${query}`);
  expect(response.status).toBe(200);
  const { events } = (await response.json()) as { events: ListedEvent[] };
  return events.filter((event) => event.uid === uid);
}

const mailText = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('account events for relying services', () => {
  it('lists a password change as a revocation from the next whole second', async () => {
    const { user } = await signUpWithSdk(server);
    const before = Math.floor(server.clock.now().getTime() / 1000);
    await updatePassword(user, 'battery staple');
    const [event] = await eventsOf(user.uid);
    expect(event).toMatchObject({ uid: user.uid, type: 'revoked' });
    expect(event?.validSince).toBeGreaterThan(before);
    expect(event?.validSince).toBeLessThanOrEqual(before + 2);
  });

  it('lists disabling and deletion in order, and pages after a cursor', async () => {
    const { user } = await signUpWithSdk(server);
    expect((await server.admin('POST', `/accounts/${user.uid}/disable`)).status).toBe(200);
    expect((await server.admin('DELETE', `/accounts/${user.uid}`)).status).toBe(200);
    const events = await eventsOf(user.uid);
    expect(events.map((event) => event.type)).toEqual(['revoked', 'deleted']);
    const [first, second] = events;
    expect((await eventsOf(user.uid, `?after=${first?.seq}`)).map((e) => e.seq)).toEqual([
      second?.seq,
    ]);
    const page = await server.admin('GET', '/account-events?limit=1');
    expect(((await page.json()) as { events: unknown[] }).events).toHaveLength(1);
  });

  it('lists a deletion the account asked for itself', async () => {
    const { user } = await signUpWithSdk(server);
    const uid = user.uid;
    await deleteUser(user);
    expect((await eventsOf(uid)).map((event) => event.type)).toEqual(['deleted']);
  });

  it('lists only the events recorded since a time when asked', async () => {
    const { user } = await signUpWithSdk(server);
    await server.admin('POST', `/accounts/${user.uid}/disable`);
    const later = Math.ceil(server.clock.now().getTime() / 1000) + 60;
    expect(await eventsOf(user.uid, `?since=${later}`)).toEqual([]);
  });

  it('refuses a cursor that is not a whole number, and callers without the secret', async () => {
    for (const query of ['?after=-1', '?after=abc', '?since=1.5', '?limit=']) {
      const response = await server.admin('GET', `/account-events${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { message: /^INVALID_ARGUMENT/ } });
    }
    const anonymous = await fetch(`${server.origin}/identity/admin/v1/account-events`);
    expect(anonymous.status).toBe(401);
  });

  it('tells whether an account still exists', async () => {
    const { user, email } = await signUpWithSdk(server);
    const found = await server.admin('GET', `/accounts/${user.uid}`);
    expect(await found.json()).toEqual({ uid: user.uid, email, disabled: false });
    await server.admin('DELETE', `/accounts/${user.uid}`);
    const gone = await server.admin('GET', `/accounts/${user.uid}`);
    expect(gone.status).toBe(400);
    expect(await gone.json()).toMatchObject({ error: { message: 'USER_NOT_FOUND' } });
  });
});

describe('password change mail', () => {
  it('tells the owner their password was changed, with a link to reset it', async () => {
    const { user, email } = await signUpWithSdk(server);
    const mail = server.smtp.expectMail(email);
    await updatePassword(user, 'battery staple');
    const text = mailText((await mail.arrived()).raw);
    expect(text).toContain('Subject: Your HackClass password was changed');
    expect(text).toContain('If it was not you, reset your password at once');
    expect(text).toContain(`${PUBLIC_URL}/auth/password-forgot`);
  });

  it('is not sent for a reset made through the mailed link', async () => {
    const { auth, email } = await signUpWithSdk(server);
    const resetMail = server.smtp.expectMail(email);
    await sendPasswordResetEmail(auth, email);
    const code = parseActionCodeURL(linkIn(await resetMail.arrived()).toString())?.code ?? '';
    const next = server.smtp.expectMail(email, 1_000);
    await confirmPasswordReset(auth, code, 'battery staple');
    await expect(next.arrived()).rejects.toThrow(`no mail to ${email}`);
  });
});

describe('the account event feed', () => {
  // Last in this file: it moves the clock a month on.
  it('keeps a month of events: older ones go when the next is recorded', async () => {
    const [{ user: old }, { user: recent }] = [
      await signUpWithSdk(server),
      await signUpWithSdk(server),
    ];
    expect((await server.admin('POST', `/accounts/${old.uid}/disable`)).status).toBe(200);
    server.clock.advance(ACCOUNT_EVENTS_KEPT_MS - 60_000);
    expect((await server.admin('POST', `/accounts/${recent.uid}/disable`)).status).toBe(200);
    expect(await eventsOf(old.uid)).toHaveLength(1);
    server.clock.advance(2 * 60_000);
    expect((await server.admin('POST', `/accounts/${recent.uid}/enable`)).status).toBe(200);
    expect((await server.admin('POST', `/accounts/${recent.uid}/disable`)).status).toBe(200);
    expect(await eventsOf(old.uid)).toEqual([]);
    expect((await eventsOf(recent.uid)).map((event) => event.type)).toEqual(['revoked', 'revoked']);
  });
});
