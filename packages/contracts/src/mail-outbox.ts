import { z } from 'zod';
import { pageOf, pageQueryFields } from './paging';

/** Where a mail stands in the outbox (the database's check constraint lists the same). */
export const MAIL_OUTBOX_STATUSES = ['queued', 'sending', 'retrying', 'sent', 'failed'] as const;
export const mailOutboxStatusSchema = z.enum(MAIL_OUTBOX_STATUSES);
export type MailOutboxStatus = z.infer<typeof mailOutboxStatusSchema>;

export const MAIL_PAGE_SIZE = { default: 25, max: 100 } as const;

export const mailOutboxQuerySchema = z.object({
  /** Only mails in this status; all of them when absent. */
  status: mailOutboxStatusSchema.optional(),
  ...pageQueryFields(MAIL_PAGE_SIZE),
});
export type MailOutboxQuery = z.infer<typeof mailOutboxQuerySchema>;

/** What the admin view shows of a mail: never its body, whose links carry one-time codes. */
export const outboxMailSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: mailOutboxStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** A page of the outbox, newest first, with how many mails are in each status. */
export const mailOutboxSchema = pageOf(outboxMailSchema).extend({
  counts: z.record(mailOutboxStatusSchema, z.number().int()),
});
export type MailOutbox = z.infer<typeof mailOutboxSchema>;

export const outboxMailParamsSchema = z.object({ id: z.uuid() });
