/* The command line of `sso`, apart from what checks it: read before anything is loaded. */

/** The options of `sso add`, as parseArgs reads them. */
export interface ProviderOptions {
  name?: string | undefined;
  issuer?: string | undefined;
  'client-id'?: string | undefined;
  'client-secret-stdin'?: boolean | undefined;
  scope?: string[] | undefined;
  domain?: string[] | undefined;
  'teacher-domain'?: string[] | undefined;
  'teacher-claim'?: string | undefined;
  'teacher-value'?: string[] | undefined;
  'school-only'?: boolean | undefined;
  disabled?: boolean | undefined;
}

export const PROVIDER_OPTIONS = {
  name: { type: 'string' },
  issuer: { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret-stdin': { type: 'boolean' },
  scope: { type: 'string', multiple: true },
  domain: { type: 'string', multiple: true },
  'teacher-domain': { type: 'string', multiple: true },
  'teacher-claim': { type: 'string' },
  'teacher-value': { type: 'string', multiple: true },
  'school-only': { type: 'boolean' },
  disabled: { type: 'boolean' },
} as const;
