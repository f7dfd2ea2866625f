/**
 * The path, query and hash of `target` when it names a page of this origin; undefined for
 * anything else, so a crafted `?redirect=https://evil.example` or `//evil.example` goes nowhere.
 */
export function sameOriginPath(target: string | null | undefined): string | undefined {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return;
  try {
    const url = new URL(target, window.location.origin);
    if (url.origin !== window.location.origin) return;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return;
  }
}
