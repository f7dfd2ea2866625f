import { describe, expect, it } from 'vitest';
import { parseManifest } from './manifest';

const manifest = {
  format: 'hackclass-backup',
  formatVersion: 1,
  productVersion: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  source: 'pglite',
  schemaVersion: { api: '0000_core_tables', identity: '0000_identity_tables' },
  tables: [],
  files: [],
};

describe('a backup manifest', () => {
  it('reads an archive made before the mail outbox: it has no mail schema, restored empty', () => {
    expect(parseManifest(JSON.stringify(manifest)).schemaVersion.mail).toBeUndefined();
  });

  it('reads the mail schema version of a newer archive', () => {
    const withMail = {
      ...manifest,
      schemaVersion: { ...manifest.schemaVersion, mail: '0000_outbox' },
    };
    expect(parseManifest(JSON.stringify(withMail)).schemaVersion.mail).toBe('0000_outbox');
  });
});
