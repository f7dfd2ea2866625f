import { createLabFieldsSchema } from '@hackclass/contracts';
import { commonErrors } from '@hackclass/http';
import { eq, like, or } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiDatabase } from '../db';
import { isUniqueViolation } from '../db/database-errors';
import { labFiles, labs } from '../db/schema';
import { bytesOf, ensureRoom, type QuotaOwner } from '../quotas/headroom';
import { saveLabTarget } from '../targets/lab-target';
import type { UploadedFile } from '../uploads/multipart-form';
import { replaceFlags } from './flags';
import { replaceHints } from './lab-hints';
import type { LabRow } from './present-lab';
import { nextFreeSlug, slugify } from './slug';

const SLUG_ATTEMPTS = 10;

export type LabFields = z.output<typeof createLabFieldsSchema>;

/** The form's text fields, or a validation_failed problem naming each bad field. */
export function parseFormFields<Schema extends z.ZodType>(
  schema: Schema,
  fields: Record<string, string>,
): z.output<Schema> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
    throw commonErrors.validation(errors);
  }
  return parsed.data;
}

/** The scoring columns of the form's fields: a fixed lab keeps no minimum or decay. */
export const scoringColumns = ({ scoring, minimumPoints, decay }: LabFields) =>
  scoring === 'dynamic'
    ? { scoring, minimumPoints, decay }
    : { scoring, minimumPoints: null, decay: null };

export const parseLabFields = (fields: Record<string, string>): LabFields =>
  parseFormFields(createLabFieldsSchema, fields);

export async function freeSlugFor(db: ApiDatabase, name: string): Promise<string> {
  const base = slugify(name);
  // `base` is only letters, digits and dashes, so it has no LIKE wildcards to escape.
  const taken = await db
    .select({ slug: labs.slug })
    .from(labs)
    .where(or(eq(labs.slug, base), like(labs.slug, `${base}-%`)));
  return nextFreeSlug(
    base,
    taken.map((row) => row.slug),
  );
}

/**
 * Creates the lab, its flags, its hints and its file rows in one transaction, under a slug free at that moment. Two
 * creations racing for one slug meet at the unique index; the loser picks again. The lab and
 * its files count against `quota` (none for admins).
 */
export async function createLab(
  db: ApiDatabase,
  creatorId: string,
  fields: LabFields,
  files: UploadedFile[],
  quota: QuotaOwner | undefined,
): Promise<LabRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await ensureRoom(tx, quota, { labs: 1, fileBytes: bytesOf(files) });
        const { flags, hints, target, ...columns } = fields;
        const [lab] = await tx
          .insert(labs)
          .values({
            ...columns,
            ...scoringColumns(fields),
            slug: await freeSlugFor(tx, fields.name),
            creatorId,
          })
          .returning();
        if (!lab) throw new Error('lab insert returned nothing');
        await replaceFlags(tx, lab.id, flags);
        await replaceHints(tx, lab.id, hints);
        await saveLabTarget(tx, lab.id, target);
        await insertFiles(tx, lab.id, files);
        return lab;
      });
    } catch (error) {
      if (attempt >= SLUG_ATTEMPTS || !isUniqueViolation(error, 'labs_slug_key')) throw error;
    }
  }
}

export async function insertFiles(
  db: ApiDatabase,
  labId: string,
  files: UploadedFile[],
): Promise<void> {
  if (files.length === 0) return;
  await db.insert(labFiles).values(
    files.map(({ fileName, storageKey, contentType, size }) => ({
      labId,
      fileName,
      storageKey,
      contentType,
      size,
    })),
  );
}
