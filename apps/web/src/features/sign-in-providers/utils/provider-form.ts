import {
  type SignInProvider,
  type SignInProviderInput,
  signInProviderInputSchema,
} from '@hackclass/contracts';

/** The form's fields: text inputs hold '' while empty, the lists are tags. */
export interface ProviderFormValues {
  id: string;
  displayName: string;
  issuer: string;
  clientId: string;
  /** Write-only: empty when editing keeps the stored secret. */
  clientSecret: string;
  scopes: string[];
  allowedDomains: string[];
  teacherDomains: string[];
  teacherClaim: string;
  teacherClaimValues: string[];
  schoolAccountsOnly: boolean;
  enabled: boolean;
}

export type ProviderField = keyof ProviderFormValues;

const FIELDS = new Set<string>([
  'id',
  'displayName',
  'issuer',
  'clientId',
  'clientSecret',
  'scopes',
  'allowedDomains',
  'teacherDomains',
  'teacherClaim',
  'teacherClaimValues',
  'schoolAccountsOnly',
  'enabled',
] satisfies ProviderField[]);

/** The saved provider when editing (never its secret), else an empty one that is on. */
export function providerFormValues(saved?: SignInProvider | null): ProviderFormValues {
  return {
    id: saved?.id ?? 'oidc.',
    displayName: saved?.displayName ?? '',
    issuer: saved?.issuer ?? '',
    clientId: saved?.clientId ?? '',
    clientSecret: '',
    scopes: saved?.scopes ?? [],
    allowedDomains: saved?.allowedDomains ?? [],
    teacherDomains: saved?.teacherDomains ?? [],
    teacherClaim: saved?.teacherClaim ?? '',
    teacherClaimValues: saved?.teacherClaimValues ?? [],
    schoolAccountsOnly: saved?.schoolAccountsOnly ?? false,
    enabled: saved?.enabled ?? true,
  };
}

/** The settings as the API takes them: an empty secret is left out, an empty claim is none. */
export function toProviderInput(values: ProviderFormValues): SignInProviderInput {
  const { clientSecret, teacherClaim, ...rest } = values;
  return {
    ...rest,
    teacherClaim: teacherClaim.trim() || null,
    ...(clientSecret ? { clientSecret } : {}),
  };
}

/** What the form knows beyond the values: whether it adds, and the ids already taken. */
export interface ProviderFormContext {
  adding: boolean;
  takenIds: readonly string[];
}

/**
 * The contract's messages on their fields (a bad domain on its list), then what the contract
 * cannot know: a new provider needs a secret and an id of its own, and a claim goes with values.
 */
export function providerFormErrors(
  values: ProviderFormValues,
  { adding, takenIds }: ProviderFormContext,
): Partial<Record<ProviderField, string>> {
  const errors: Partial<Record<ProviderField, string>> = {};
  const parsed = signInProviderInputSchema.safeParse(toProviderInput(values));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (FIELDS.has(field)) errors[field as ProviderField] ??= issue.message;
  }
  if (adding && !values.clientSecret) errors.clientSecret ??= 'Enter the client secret';
  if (adding && takenIds.includes(values.id.trim())) {
    errors.id ??= 'A provider has this id already: edit that one, or choose another id';
  }
  const claim = values.teacherClaim.trim();
  if (!claim && values.teacherClaimValues.length > 0) {
    errors.teacherClaim ??= 'Enter the claim that holds these values';
  }
  if (claim && values.teacherClaimValues.length === 0) {
    errors.teacherClaimValues ??= 'Enter the values that make someone a teacher';
  }
  return errors;
}

/**
 * The API's field errors on the form's fields: `allowedDomains.1` lands on `allowedDomains`.
 * Those of no field (none expected) come back for the alert above the form.
 */
export function providerApiErrors(errors: Record<string, string[]>): {
  fields: Partial<Record<ProviderField, string>>;
  rest: string[];
} {
  const fields: Partial<Record<ProviderField, string>> = {};
  const rest: string[] = [];
  for (const [path, problems] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? '';
    if (FIELDS.has(field)) fields[field as ProviderField] ??= problems.join(' ');
    else rest.push(...problems);
  }
  return { fields, rest };
}
