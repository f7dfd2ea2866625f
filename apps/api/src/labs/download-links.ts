import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** How long a download link works: long enough for the browser to follow it, too short to share. */
export const DOWNLOAD_LINK_TTL_MS = 60_000;

/** One user may download one lab file until `expiresAt` (Unix seconds). */
export interface DownloadGrant {
  labId: string;
  fileId: string;
  userId: string;
  expiresAt: number;
}

/** The query string of a download link, as the route validates it. */
export const downloadLinkQuerySchema = z.strictObject({
  user: z.uuid(),
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/**
 * The key download links are signed with, derived from the deployment's secret so that every
 * replica signs alike, and kept apart from the proxy's cookies signed with that secret itself.
 */
export const downloadLinkKey = (deploymentSecret: string): Buffer =>
  createHmac('sha256', deploymentSecret).update('hackclass lab file download links').digest();

const signatureOf = (key: Buffer, { labId, fileId, userId, expiresAt }: DownloadGrant) =>
  createHmac('sha256', key).update(`${labId}.${fileId}.${userId}.${expiresAt}`).digest('base64url');

/** A grant for `userId` to download the file, from now for `DOWNLOAD_LINK_TTL_MS`. */
export function grantDownload(
  ids: Omit<DownloadGrant, 'expiresAt'>,
  now = Date.now(),
): DownloadGrant {
  return { ...ids, expiresAt: Math.floor((now + DOWNLOAD_LINK_TTL_MS) / 1000) };
}

/** The link's path under the API's `prefix`, with the grant and its signature. */
export function downloadLinkPath(prefix: string, key: Buffer, grant: DownloadGrant): string {
  const query = new URLSearchParams({
    user: grant.userId,
    expires: String(grant.expiresAt),
    signature: signatureOf(key, grant),
  });
  const path = `/hacking-labs/${grant.labId}/files/${grant.fileId}/download`;
  return `${prefix}${path}?${query}`;
}

/**
 * Whether the link's signature is ours and it is still good. The signature is checked first,
 * so that an altered expiry reads as altered, not as expired.
 */
export function checkDownload(
  key: Buffer,
  grant: DownloadGrant,
  signature: string,
  now = Date.now(),
): 'valid' | 'invalid' | 'expired' {
  const expected = Buffer.from(signatureOf(key, grant));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return grant.expiresAt * 1000 <= now ? 'expired' : 'valid';
}
