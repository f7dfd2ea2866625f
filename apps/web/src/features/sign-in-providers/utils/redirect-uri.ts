/**
 * Where a school's provider sends people back after they sign in: the identity service's
 * handler page, on this server's own origin (the path a Firebase project's auth domain serves
 * too). The provider refuses any redirect it was not told of, so admins register this one.
 */
export const redirectUri = (origin: string = window.location.origin): string =>
  new URL('/__/auth/handler', origin).href;
