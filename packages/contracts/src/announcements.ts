import { z } from 'zod';
import { ANNOUNCEMENT_MAX_LENGTH } from './course';
import { pageOf, pageQueryFields } from './paging';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

export const announcementParamsSchema = z.object({ id: z.uuid(), announcementId: z.uuid() });

export const createAnnouncementSchema = z.strictObject({
  /** Markdown. */
  body: z
    .string()
    .trim()
    .min(1, 'Write the announcement')
    .max(ANNOUNCEMENT_MAX_LENGTH, `Keep it under ${ANNOUNCEMENT_MAX_LENGTH} characters`)
    .refine(hasNoNul, NO_NUL_MESSAGE),
  /** Also mail it to every accepted member, besides the notification. */
  emailMembers: z.boolean().default(false),
});
export type CreateAnnouncement = z.infer<typeof createAnnouncementSchema>;

export const announcementSchema = z.object({
  id: z.uuid(),
  /** Markdown. */
  body: z.string(),
  /** Null once the author's account is gone. */
  author: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const ANNOUNCEMENT_PAGE_SIZE = { default: 5, max: 50 } as const;

export const announcementListQuerySchema = z.object(pageQueryFields(ANNOUNCEMENT_PAGE_SIZE));
export type AnnouncementListQuery = z.infer<typeof announcementListQuerySchema>;

/** Newest first. */
export const announcementListSchema = pageOf(announcementSchema);
export type AnnouncementList = z.infer<typeof announcementListSchema>;

/** How much of an announcement its notification quotes, as plain text. */
export const ANNOUNCEMENT_EXCERPT_LENGTH = 140;
