import { z } from 'zod';
import { plainName } from './names';

/** `oidc.<name>`: the provider id the identity protocol and a Firebase project both use. */
export const SIGN_IN_PROVIDER_ID_PATTERN = /^oidc\.[a-z0-9][a-z0-9-]{0,38}$/;

/** A provider's scopes beyond `openid email profile`, which every sign-in asks for. */
export const BASE_PROVIDER_SCOPES = ['openid', 'email', 'profile'] as const;

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    error: (issue) => `${String(issue.input)} is not a domain name such as school.example`,
  });

const domainList = z.array(domainSchema).max(50, 'At most 50 domains').default([]);

const token = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${what}`)
    .max(max, `The ${what} is at most ${max} characters`)
    .regex(/^[\x21-\x7e]+$/, `The ${what} holds no spaces or special characters`);

/** What an admin sets for a provider; without `clientSecret`, an update keeps the one stored. */
export const signInProviderInputSchema = z.strictObject({
  id: z
    .string()
    .trim()
    .regex(
      SIGN_IN_PROVIDER_ID_PATTERN,
      'The id is oidc. followed by lower-case letters, digits and dashes, such as oidc.school',
    ),
  displayName: plainName(
    z.string().trim().min(1, 'Enter the name on the button').max(60, 'At most 60 characters'),
  ),
  issuer: z
    .string()
    .trim()
    .max(500, 'The issuer is at most 500 characters')
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      error: 'The issuer is an address such as https://accounts.google.com',
    }),
  clientId: token('client id', 500),
  clientSecret: z
    .string()
    .min(1, 'Enter the client secret')
    .max(2000, 'The client secret is at most 2000 characters')
    .optional(),
  scopes: z.array(token('scope', 200)).max(20, 'At most 20 scopes').default([]),
  allowedDomains: domainList,
  teacherDomains: domainList,
  teacherClaim: token('claim name', 100).nullable().default(null),
  teacherClaimValues: z
    .array(z.string().trim().min(1).max(200, 'A claim value is at most 200 characters'))
    .max(50, 'At most 50 claim values')
    .default([]),
  schoolAccountsOnly: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type SignInProviderInput = z.input<typeof signInProviderInputSchema>;
export type SignInProviderSettings = z.output<typeof signInProviderInputSchema>;

/** A provider as admins see it: everything but the client secret. */
export const signInProviderSchema = signInProviderInputSchema.omit({ clientSecret: true }).extend({
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SignInProvider = z.infer<typeof signInProviderSchema>;

/** One step of an admin's "Test sign-in": the discovery document, the keys, the client. */
export const providerCheckSchema = z.object({
  step: z.enum(['discovery', 'keys', 'client']),
  ok: z.boolean(),
  message: z.string(),
});
export type ProviderCheck = z.infer<typeof providerCheckSchema>;

/** What the sign-in page needs of a provider: a button. */
export const signInProviderButtonSchema = z.object({ id: z.string(), displayName: z.string() });
export type SignInProviderButton = z.infer<typeof signInProviderButtonSchema>;

/**
 * One provider of SIGN_IN_PROVIDERS_FILE: the admin screen's fields, the client secret inline or
 * in a file of its own (a mounted secret).
 */
export const signInProviderFileEntrySchema = signInProviderInputSchema.extend({
  clientSecretFile: z.string().min(1).optional(),
});
