import { describe, expect, it } from 'vitest';
import { BackupSignatureError, checkSignature, signManifest } from './signature';

const SECRET = 'signature-test-key-secret-of-32-characters';
const manifest = Buffer.from('{"format":"hackclass-backup","tables":[]}\n');
const signature = signManifest(manifest, SECRET);

describe('the signature of a backup manifest', () => {
  it('holds for the manifest it was made for, with the same key secret', () => {
    expect(checkSignature(manifest, signature, SECRET)).toBe('signed');
  });

  it('fails for one changed byte, a changed signature or one that is not ours', () => {
    const changed = Buffer.from(manifest);
    changed[2] = (changed[2] ?? 0) ^ 0x01;
    const parsed = JSON.parse(String(signature));
    const otherMac = Buffer.from(JSON.stringify({ ...parsed, mac: '00'.repeat(32) }));
    const shortMac = Buffer.from(JSON.stringify({ ...parsed, mac: 'abcd' }));
    for (const [bytes, sig] of [
      [changed, signature],
      [manifest, otherMac],
      [manifest, shortMac],
      [manifest, Buffer.from('not json')],
    ] as const) {
      expect(() => checkSignature(bytes, sig, SECRET)).toThrow(/it was altered/);
    }
  });

  it('tells another key secret from an altered archive', () => {
    const foreign = signManifest(manifest, 'another-key-secret-of-at-least-32-characters');
    expect(() => checkSignature(manifest, foreign, SECRET)).toThrow(/another IDENTITY_KEY_SECRET/);
  });

  it('refuses a missing signature unless the operator accepts unsigned archives', () => {
    expect(() => checkSignature(manifest, undefined, SECRET)).toThrow(BackupSignatureError);
    expect(checkSignature(manifest, undefined, SECRET, { acceptUnsigned: true })).toBe('unsigned');
    // Accepting unsigned archives never accepts a wrong signature.
    expect(() =>
      checkSignature(Buffer.from('{}'), signature, SECRET, { acceptUnsigned: true }),
    ).toThrow(/it was altered/);
  });
});
