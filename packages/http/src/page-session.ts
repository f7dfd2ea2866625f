/**
 * The page session: the browser's current ID token, kept by the API in an HttpOnly cookie
 * (`PUT /api/page-session`), so that the server can render a signed-in page with its data on the
 * first request for it. Only pages read it, and only to make the GET requests the page shows;
 * the API itself never takes it as a credential. Over https it is `Secure` with the `__Host-`
 * prefix, so neither plain http nor a sibling subdomain can set or replace it.
 */
export function pageSessionCookie(publicUrl: string): { name: string; secure: boolean } {
  const secure = new URL(publicUrl).protocol === 'https:';
  return { name: secure ? '__Host-hackclass_session' : 'hackclass_session', secure };
}
