import {
  type SignInProvider,
  type SignInProviderSettings,
  signInProviderInputSchema,
} from '@hackclass/contracts';
import { UsageError } from '../command';
import type { ProviderOptions } from './provider-flags';

/**
 * A provider's settings from `sso add`'s options, checked as the admin screen checks them, the
 * first problem named with its option.
 */
export function providerSettingsOf(
  id: string,
  options: ProviderOptions,
  clientSecret: string | undefined,
): SignInProviderSettings {
  const parsed = signInProviderInputSchema.safeParse({
    id,
    displayName: options.name,
    issuer: options.issuer,
    clientId: options['client-id'],
    ...(clientSecret ? { clientSecret } : {}),
    scopes: options.scope ?? [],
    allowedDomains: options.domain ?? [],
    teacherDomains: options['teacher-domain'] ?? [],
    teacherClaim: options['teacher-claim'] ?? null,
    teacherClaimValues: options['teacher-value'] ?? [],
    schoolAccountsOnly: options['school-only'] ?? false,
    enabled: !options.disabled,
  });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = String(issue?.path[0] ?? 'provider');
    throw new UsageError(`${OPTION_OF[field] ?? field}: ${issue?.message ?? 'not valid'}`);
  }
  return parsed.data;
}

const OPTION_OF: Record<string, string> = {
  id: 'the id',
  displayName: '--name',
  issuer: '--issuer',
  clientId: '--client-id',
  clientSecret: '--client-secret-stdin',
  scopes: '--scope',
  allowedDomains: '--domain',
  teacherDomains: '--teacher-domain',
  teacherClaim: '--teacher-claim',
  teacherClaimValues: '--teacher-value',
};

const listOf = (values: string[]) => (values.length > 0 ? values.join(', ') : '—');

/** One provider as `sso list` shows it: a few lines, no client secret. */
export function describeProvider(provider: SignInProvider): string {
  const teacherClaim = provider.teacherClaim
    ? `${provider.teacherClaim} holds ${listOf(provider.teacherClaimValues)}`
    : '—';
  return [
    `${provider.id}  ${provider.displayName}${provider.enabled ? '' : '  (off)'}`,
    `  issuer          ${provider.issuer}`,
    `  client id       ${provider.clientId}`,
    `  scopes          openid email profile${provider.scopes.length > 0 ? ` ${provider.scopes.join(' ')}` : ''}`,
    `  domains         ${provider.allowedDomains.length > 0 ? provider.allowedDomains.join(', ') : 'any'}${provider.schoolAccountsOnly ? ' (school accounts only)' : ''}`,
    `  teachers        domains ${listOf(provider.teacherDomains)}; claim ${teacherClaim}`,
  ].join('\n');
}
