import { z } from 'zod';

/** RFC 9457 problem details, as every error of our HTTP services is shaped. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** The request's id, as in its `x-request-id` header and on its log lines. */
  requestId: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
