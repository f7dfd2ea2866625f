/** What each kind of mail the product sends is called for people; the mail's `kind` is a code. */
const mailKindLabels: Record<string, string> = {
  verify_email: 'Email verification',
  reset_password: 'Password reset',
  password_changed: 'Password changed',
  invitation: 'Invitation',
  announcement: 'Announcement',
};

/** A kind this version does not know (a newer server's) shows as its code. */
export const mailKindLabel = (kind: string): string => mailKindLabels[kind] ?? kind;
