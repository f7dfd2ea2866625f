import { z } from 'zod';
import { DamagedArchiveError } from './archive';

export const MANIFEST_ENTRY = 'manifest.json';
/**
 * Raised when the archive's layout changes in a way older code cannot read. 2: the manifest is
 * signed (`manifest.sig`); 1, unsigned, is still read when the operator accepts it.
 */
export const FORMAT_VERSION = 2;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().min(0);

export const manifestSchema = z.object({
  format: z.literal('hackclass-backup'),
  formatVersion: z.number().int().min(1).max(FORMAT_VERSION),
  productVersion: z.string().nullable(),
  createdAt: z.iso.datetime(),
  source: z.enum(['pglite', 'postgresql']),
  /**
   * The last migration applied to each schema when the backup was made. Archives made before
   * the mail outbox existed have no `mail`: they restore with an empty outbox.
   */
  schemaVersion: z.object({
    api: z.string().min(1),
    identity: z.string().min(1),
    mail: z.string().min(1).optional(),
  }),
  tables: z.array(
    z.object({
      schema: z.string().min(1),
      name: z.string().min(1),
      entry: z.string().min(1),
      rows: count,
      size: count,
      sha256,
    }),
  ),
  files: z.array(
    z.object({ key: z.string().min(1), entry: z.string().min(1), size: count, sha256 }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;

export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DamagedArchiveError('its manifest is not JSON');
  }
  const format = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof format === 'number' && format > FORMAT_VERSION) {
    throw new DamagedArchiveError(
      `it was made by a newer HackClass (backup format ${format}; this one reads ${FORMAT_VERSION})`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DamagedArchiveError(
      `its manifest is not a HackClass backup manifest (${issue?.path.join('.') || 'manifest'}: ${issue?.message})`,
    );
  }
  return parsed.data;
}
