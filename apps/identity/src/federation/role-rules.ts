import type { ProviderRole, SignInProvider } from '../db/schema';

const claimValues = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];

/**
 * What the provider's rules make of a person: a teacher when their address is of a teacher
 * domain or the teacher claim holds one of its values; a student otherwise. Admins are made by
 * ADMIN_EMAILS alone, never by a provider.
 */
export function roleOf(
  provider: Pick<SignInProvider, 'teacherDomains' | 'teacherClaim' | 'teacherClaimValues'>,
  { email, claims }: { email: string; claims: Record<string, unknown> },
): ProviderRole {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (provider.teacherDomains.includes(domain)) return 'teacher';
  if (provider.teacherClaim) {
    const held = claimValues(claims[provider.teacherClaim]);
    if (held.some((value) => provider.teacherClaimValues.includes(value))) return 'teacher';
  }
  return 'student';
}

/** Whether the provider lets this address in: any address when it names no domain. */
export function isAllowedDomain(provider: Pick<SignInProvider, 'allowedDomains'>, email: string) {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return provider.allowedDomains.length === 0 || provider.allowedDomains.includes(domain);
}
