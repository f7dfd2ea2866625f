/**
 * How long the link in each kind of mail works, by the mail's `kind`: the identity service's
 * one-time codes expire then, and a mail older than this is not worth sending again.
 */
export const MAIL_LINK_LIFETIME_MS = {
  verify_email: 24 * 3600_000,
  reset_password: 3600_000,
} as const;

/** The lifetime of the link in a mail of `kind`, or undefined for mails whose links do not expire. */
export const linkLifetimeOf = (kind: string): number | undefined =>
  Object.hasOwn(MAIL_LINK_LIFETIME_MS, kind)
    ? MAIL_LINK_LIFETIME_MS[kind as keyof typeof MAIL_LINK_LIFETIME_MS]
    : undefined;
