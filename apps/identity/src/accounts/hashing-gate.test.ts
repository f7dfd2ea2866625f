import { describe, expect, it } from 'vitest';
import { createHashingGate } from './hashing-gate';

/** A hash that finishes when the test says so. */
function pendingHash() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let started = false;
  return {
    task: async () => {
      started = true;
      await done;
      return 'hash';
    },
    finish: () => finish(),
    started: () => started,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the hashing gate', () => {
  it('runs new passwords in their own few slots, queues a bounded number, refuses the rest', async () => {
    const gate = createHashingGate({
      signIn: { slots: 2, queue: 10 },
      newPassword: { slots: 1, queue: 2 },
    });
    const hashes = Array.from({ length: 3 }, pendingHash);
    const running = hashes.map((hash) => gate.newPassword.run(hash.task));
    await settle();
    expect(hashes.map((hash) => hash.started())).toEqual([true, false, false]);

    await expect(gate.newPassword.run(pendingHash().task)).rejects.toThrow(
      /^TOO_MANY_ATTEMPTS_TRY_LATER : /,
    );
    expect(() => gate.newPassword.checkRoom()).toThrow(/^TOO_MANY_ATTEMPTS_TRY_LATER : /);
    expect(() => gate.signIn.checkRoom()).not.toThrow();

    const signIns = [pendingHash(), pendingHash()];
    const signingIn = signIns.map((hash) => gate.signIn.run(hash.task));
    await settle();
    expect(signIns.map((hash) => hash.started())).toEqual([true, true]);

    hashes[0]?.finish();
    await settle();
    expect(hashes.map((hash) => hash.started())).toEqual([true, true, false]);
    expect(() => gate.newPassword.checkRoom()).not.toThrow();
    for (const hash of [...hashes, ...signIns]) hash.finish();
    expect(await Promise.all([...running, ...signingIn])).toEqual(Array(5).fill('hash'));
  });

  it('frees a slot when a hash fails', async () => {
    const gate = createHashingGate({
      signIn: { slots: 1, queue: 0 },
      newPassword: { slots: 1, queue: 0 },
    });
    await expect(gate.signIn.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow(
      'scrypt failed',
    );
    expect(await gate.signIn.run(async () => 'next')).toBe('next');
  });
});
