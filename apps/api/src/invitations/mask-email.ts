/**
 * An address as a stranger holding its invitation link may see it: enough to recognise one's
 * own (`a***@school.org`), too little to harvest.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
