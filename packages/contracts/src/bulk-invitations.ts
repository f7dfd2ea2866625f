import { z } from 'zod';
import { readCsv } from './csv';
import { normalizeEmail } from './email';
import { inviteMemberQuerySchema } from './members';

export const BULK_INVITATIONS = {
  /** Addresses in one list: a whole year group, too few to sweep a mailing list in. */
  maxAddresses: 500,
  /** Addresses in one request to send: small enough that a slow mail server never times it out. */
  maxPerRequest: 50,
  /** The largest file the web app reads as a list. */
  maxFileBytes: 1_048_576,
} as const;

export const LISTED_ADDRESS_STATUSES = [
  'new',
  'already_member',
  'already_invited',
  'invalid',
  'duplicate',
] as const;
export type ListedAddressStatus = (typeof LISTED_ADDRESS_STATUSES)[number];

export const listedAddressSchema = z.object({
  email: z.string(),
  /** The line of the pasted text or file it was read from, 1-based. */
  line: z.number().int(),
  status: z.enum(LISTED_ADDRESS_STATUSES),
  reason: z.string().optional(),
});
export type ListedAddress = z.infer<typeof listedAddressSchema>;

/** A column header that names the addresses: "Email", "E-mail", "mail", "Email address"… */
const emailHeader = /^(e[-_ ]?mail|mail)([-_ ]?(address|adresse))?$/i;
/** "Ada Lovelace <ada@example.org>", as mail clients copy a recipient. */
const namedAddress = /<([^<>]*)>$/;
const emailSchema = inviteMemberQuerySchema.shape.userEmail;

const addressIn = (cell: string) => normalizeEmail(cell.trim().match(namedAddress)?.[1] ?? cell);

/**
 * The addresses of a pasted list or an uploaded file, in order, each `new`, `invalid` or a
 * `duplicate` of one before it (compared in lower case). A CSV whose first row names an email
 * column gives that column's cells; otherwise every cell holding an `@` is an address, and a
 * line of one cell without any is an address mistyped (other cells, such as names, are not).
 */
export function parseAddressList(
  text: string,
): { ok: true; addresses: ListedAddress[] } | { ok: false; message: string } {
  const rows = readCsv(text).filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  const column = rows[0]?.cells.findIndex((cell) => emailHeader.test(cell.trim())) ?? -1;
  const cells =
    column >= 0
      ? rows.slice(1).map((row) => ({ line: row.line, cells: [row.cells[column] ?? ''] }))
      : rows.map((row) => {
          const filled = row.cells.filter((cell) => cell.trim() !== '');
          const withAt = filled.filter((cell) => cell.includes('@'));
          return {
            line: row.line,
            cells: withAt.length > 0 || filled.length > 1 ? withAt : filled,
          };
        });
  const found = cells.flatMap(({ line, cells }) =>
    cells.filter((cell) => cell.trim() !== '').map((cell) => ({ line, email: addressIn(cell) })),
  );
  if (found.length === 0) return { ok: false, message: 'The list holds no email address' };
  if (found.length > BULK_INVITATIONS.maxAddresses) {
    return {
      ok: false,
      message: `The list holds ${found.length} addresses; invite at most ${BULK_INVITATIONS.maxAddresses} at once`,
    };
  }
  const seen = new Map<string, number>();
  const addresses = found.map(({ line, email }): ListedAddress => {
    if (!emailSchema.safeParse(email).success) {
      return { email, line, status: 'invalid', reason: 'Not an email address' };
    }
    const first = seen.get(email);
    if (first !== undefined) {
      return { email, line, status: 'duplicate', reason: `Listed already on line ${first}` };
    }
    seen.set(email, line);
    return { email, line, status: 'new' };
  });
  return { ok: true, addresses };
}

export const invitationPreviewRequestSchema = z.strictObject({
  /** A pasted list or the text of an uploaded file. */
  text: z
    .string()
    .max(BULK_INVITATIONS.maxFileBytes, 'The list may have at most 1 MB')
    .transform((text, context) => {
      const list = parseAddressList(text);
      if (list.ok) return list.addresses;
      context.addIssue({ code: 'custom', message: list.message });
      return z.NEVER;
    }),
});

export const invitationPreviewSchema = z.object({
  rows: z.array(listedAddressSchema),
  counts: z.record(z.enum(LISTED_ADDRESS_STATUSES), z.number().int()),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const bulkInvitationRequestSchema = z.strictObject({
  emails: z
    .array(emailSchema)
    .min(1, 'List at least one address')
    .max(
      BULK_INVITATIONS.maxPerRequest,
      `Send at most ${BULK_INVITATIONS.maxPerRequest} addresses at once`,
    ),
});

export const INVITATION_OUTCOMES = ['invited', 'skipped', 'failed'] as const;
export type InvitationOutcome = (typeof INVITATION_OUTCOMES)[number];

export const invitationResultSchema = z.object({
  email: z.string(),
  outcome: z.enum(INVITATION_OUTCOMES),
  reason: z.string().optional(),
});
export type InvitationResult = z.infer<typeof invitationResultSchema>;

export const bulkInvitationResultSchema = z.object({ results: z.array(invitationResultSchema) });
export type BulkInvitationResult = z.infer<typeof bulkInvitationResultSchema>;
