import { z } from 'zod';
import { plainName } from './names';
import { pageOf, pageQueryFields } from './paging';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

/**
 * What a personal API token may do: `read` the GET routes, `write` the others, and `admin`, for
 * an admin's token, act as an admin (without it an admin's token acts as a teacher).
 */
export const API_TOKEN_SCOPES = ['read', 'write', 'admin'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** How long a new token may live, in days: every token expires. */
export const API_TOKEN_LIFETIMES_DAYS = [7, 30, 90, 365] as const;
/** Tokens one person may hold at once, expired ones not counted. */
export const API_TOKENS_PER_USER = 20;
export const API_TOKEN_NAME_MAX_LENGTH = 80;

/** Every token's text starts so: a scanner of leaked secrets, and the API, tell it from a JWT. */
export const API_TOKEN_PREFIX = 'hcp_';

export const createApiTokenSchema = z.strictObject({
  name: plainName(
    z
      .string()
      .trim()
      .min(1, 'Name the token after what will use it')
      .max(API_TOKEN_NAME_MAX_LENGTH),
  ),
  scopes: z
    .array(apiTokenScopeSchema)
    .min(1, 'Choose at least one scope')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Name each scope once'),
  expiresInDays: z.literal(API_TOKEN_LIFETIMES_DAYS, {
    error: `Choose a lifetime of ${API_TOKEN_LIFETIMES_DAYS.join(', ')} days`,
  }),
});
export type CreateApiToken = z.infer<typeof createApiTokenSchema>;

/** A token as it is listed: never its secret, which only its creation answers with. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The secret's first characters (`hcp_AbCd1234`), to tell tokens apart. */
  prefix: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** A new token and, this once, its secret. */
export const createdApiTokenSchema = z.object({
  token: apiTokenSchema,
  secret: z.string().describe('The token itself: shown now and never again'),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenParamsSchema = z.object({ tokenId: z.uuid() });

/** A token as admins see every one: with whose it is. */
export const ownedApiTokenSchema = apiTokenSchema.extend({
  owner: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
});
export type OwnedApiToken = z.infer<typeof ownedApiTokenSchema>;

export const apiTokenPageSchema = pageOf(ownedApiTokenSchema);
export type ApiTokenPage = z.infer<typeof apiTokenPageSchema>;

export const apiTokenPageQuerySchema = z.object({
  ...pageQueryFields({ default: 25, max: 100 }),
  /** An owner's email or name, or part of it. */
  search: z.string().trim().max(200).refine(hasNoNul, NO_NUL_MESSAGE).optional(),
});
