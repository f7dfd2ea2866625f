import { z } from 'zod';
import { commaList } from './comma-list';

/** Google's key set for the ID tokens of every Firebase project. */
export const GOOGLE_ID_TOKEN_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** The settings that name a Firebase project; all three or none. */
export const firebaseSettings = {
  FIREBASE_API_KEY: z
    .string()
    .regex(/^[\w-]{8,128}$/, 'must be the project’s Web API key (8 to 128 letters, digits, - or _)')
    .optional(),
  FIREBASE_AUTH_DOMAIN: z
    .string()
    .regex(
      /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
      'must be a host name such as my-project.firebaseapp.com',
    )
    .optional(),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(
      /^[a-z][a-z0-9-]{4,29}$/,
      'must be a Firebase project id: 6 to 30 lowercase letters, digits or -',
    )
    .optional(),
};

/**
 * FIREBASE_SIGN_IN_BUTTONS: the project's OpenID Connect providers the sign-in page offers, as
 * `oidc.<name>=<button text>` pairs, comma-separated; their ID tokens are accepted too.
 */
export const signInButtonList = commaList()
  .transform((pairs) =>
    pairs.map((pair) => {
      const [id = '', ...name] = pair.split('=');
      return { id: id.trim(), displayName: name.join('=').trim() };
    }),
  )
  .refine(
    (buttons) =>
      buttons.every(
        (button) => /^oidc\.[a-z0-9][a-z0-9-]{0,38}$/.test(button.id) && button.displayName !== '',
      ),
    'must be comma-separated oidc.<name>=<button text> pairs, such as oidc.school=Springfield School',
  );

/**
 * FIREBASE_SIGN_IN_PROVIDERS: the `firebase.sign_in_provider` values of the ID tokens accepted,
 * as the project's providers name them (`password`, `google.com`, `oidc.school`…).
 */
export const signInProviderList = commaList().refine(
  (providers) =>
    providers.length > 0 &&
    providers.every((provider) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(provider)),
  'must be comma-separated sign-in provider ids of the Firebase project, such as password,google.com',
);

const names = Object.keys(firebaseSettings) as (keyof typeof firebaseSettings)[];

/** The built-in identity service's settings, which a Firebase project makes irrelevant. */
export const builtInIdentitySettings = [
  'IDENTITY_API_KEY',
  'IDENTITY_PROJECT_ID',
  'IDENTITY_ADMIN_SECRET',
  'IDENTITY_KEY_SECRET',
  'IDENTITY_URL',
  'ACCOUNT_EVENTS_POLL_SECONDS',
] as const;

/** Names each FIREBASE_* setting left out when another one is set. */
export function firebaseSettingsTogether(
  env: Partial<Record<(typeof names)[number], string | undefined>>,
  context: z.RefinementCtx,
): void {
  const set = names.filter((name) => env[name] !== undefined);
  if (set.length === 0 || set.length === names.length) return;
  for (const name of names.filter((candidate) => env[candidate] === undefined)) {
    context.addIssue({
      code: 'custom',
      path: [name],
      message: `must be set too: ${set.join(' and ')} ${set.length === 1 ? 'names' : 'name'} a Firebase project, which needs all of ${names.join(', ')}`,
    });
  }
}
