import { ProtocolError } from '../protocol/errors';

export interface ActionSettings {
  continueUrl?: string | undefined;
  lang?: string | undefined;
}

const pages = {
  verifyEmail: '/auth/email-verified',
  resetPassword: '/auth/reset-password',
} as const;

export type ActionMode = keyof typeof pages;

const languageTag = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,3}$/;

/**
 * The continue URL must lead back to the product: a link to anywhere else in a mail we send
 * would make us an open redirect for phishing.
 */
export function checkContinueUrl(continueUrl: string | undefined, publicUrl: string): void {
  if (continueUrl === undefined) return;
  if (!URL.canParse(continueUrl)) throw new ProtocolError('INVALID_CONTINUE_URI');
  if (new URL(continueUrl).origin !== new URL(publicUrl).origin) {
    throw new ProtocolError('UNAUTHORIZED_DOMAIN');
  }
}

/** A language tag from X-Firebase-Locale, or nothing when it is not one. */
export function languageOf(header: unknown): string | undefined {
  return typeof header === 'string' && languageTag.test(header) ? header : undefined;
}

/** The product's page that mails a password reset link. */
export const passwordForgotLink = ({ publicUrl }: { publicUrl: string }) =>
  new URL('/auth/password-forgot', publicUrl).toString();

/** A link to the product's own action page, in the shape the SDK's parseActionCodeURL reads. */
export function actionLink(
  { publicUrl, apiKey }: { publicUrl: string; apiKey: string },
  mode: ActionMode,
  oobCode: string,
  { continueUrl, lang }: ActionSettings,
): string {
  const url = new URL(pages[mode], publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', oobCode);
  url.searchParams.set('apiKey', apiKey);
  if (continueUrl) url.searchParams.set('continueUrl', continueUrl);
  if (lang) url.searchParams.set('lang', lang);
  return url.toString();
}
