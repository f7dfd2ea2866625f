import { describe, expect, it } from 'vitest';
import {
  checkDownload,
  DOWNLOAD_LINK_TTL_MS,
  downloadLinkKey,
  downloadLinkPath,
  downloadLinkQuerySchema,
  grantDownload,
} from './download-links';

const key = downloadLinkKey('the deployment secret');
const ids = {
  labId: '6f1c1d4e-5a0b-4c3d-9e8f-0a1b2c3d4e5f',
  fileId: '0d9a7b62-3c4e-4f10-8a2b-5c6d7e8f9a0b',
  userId: 'a3b4c5d6-e7f8-4a9b-8c0d-1e2f3a4b5c6d',
};
const now = Date.UTC(2026, 10, 24, 12);

/** The grant and signature a link's path holds, as the route reads them. */
function parse(path: string) {
  const url = new URL(path, 'http://school.example');
  const [, , , labId = '', , fileId = ''] = url.pathname.split('/');
  const query = downloadLinkQuerySchema.parse(Object.fromEntries(url.searchParams));
  return {
    grant: { labId, fileId, userId: query.user, expiresAt: query.expires },
    signature: query.signature,
  };
}

describe('download links', () => {
  const path = downloadLinkPath('/api', key, grantDownload(ids, now));

  it('name the file under the API and hold the user, the expiry and a signature', () => {
    expect(path).toMatch(
      new RegExp(
        `^/api/hacking-labs/${ids.labId}/files/${ids.fileId}/download\\?user=${ids.userId}&expires=\\d+&signature=[\\w-]{43}$`,
      ),
    );
    expect(parse(path).grant.expiresAt).toBe((now + DOWNLOAD_LINK_TTL_MS) / 1000);
  });

  it('are valid within their minute, and expired after it', () => {
    const { grant, signature } = parse(path);
    expect(checkDownload(key, grant, signature, now)).toBe('valid');
    expect(checkDownload(key, grant, signature, now + DOWNLOAD_LINK_TTL_MS - 1)).toBe('valid');
    expect(checkDownload(key, grant, signature, now + DOWNLOAD_LINK_TTL_MS)).toBe('expired');
  });

  it('are invalid once any part is changed, or under another key', () => {
    const { grant, signature } = parse(path);
    const other = '11111111-2222-4333-8444-555555555555';
    for (const changed of [
      { ...grant, labId: other },
      { ...grant, fileId: other },
      { ...grant, userId: other },
      { ...grant, expiresAt: grant.expiresAt + 3600 },
    ]) {
      expect(checkDownload(key, changed, signature, now)).toBe('invalid');
    }
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(checkDownload(key, grant, flipped, now)).toBe('invalid');
    expect(checkDownload(key, grant, signature.slice(1), now)).toBe('invalid');
    expect(checkDownload(downloadLinkKey('another secret'), grant, signature, now)).toBe('invalid');
  });

  it('read as altered, not expired, when an old link is given a later expiry', () => {
    const old = parse(downloadLinkPath('/api', key, grantDownload(ids, now - 3_600_000)));
    expect(checkDownload(key, old.grant, old.signature, now)).toBe('expired');
    const extended = { ...old.grant, expiresAt: old.grant.expiresAt + 7200 };
    expect(checkDownload(key, extended, old.signature, now)).toBe('invalid');
  });
});
