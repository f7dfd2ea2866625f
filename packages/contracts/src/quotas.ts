import { z } from 'zod';

/** How much of one quota is used; `limit` is null for admins, who have none. */
export const quotaUseSchema = z.object({
  used: z.number().int(),
  limit: z.number().int().nullable(),
});
export type QuotaUse = z.infer<typeof quotaUseSchema>;

/** What the caller's account holds against its quotas, and the limits of each lab upload. */
export const accountQuotaSchema = z.object({
  /** Bytes of the files of the labs they created. */
  fileBytes: quotaUseSchema,
  labs: quotaUseSchema,
  classrooms: quotaUseSchema,
  labFileMaxBytes: z.number().int(),
  filesPerLab: z.number().int(),
});
export type AccountQuota = z.infer<typeof accountQuotaSchema>;
