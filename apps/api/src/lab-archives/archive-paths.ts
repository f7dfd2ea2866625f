/**
 * An entry's path inside an uploaded archive, made relative and plain (`./a//b` is `a/b`), or
 * undefined when it may not be taken: absolute, with a drive letter or backslashes, or climbing
 * out with `..`.
 */
export function safeEntryPath(path: string): string | undefined {
  if (path.startsWith('/') || path.includes('\\') || /^[a-zA-Z]:/.test(path)) return undefined;
  if (path.includes('\u0000')) return undefined;
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => segment === '..')) return undefined;
  return segments.join('/');
}

/** `relative` resolved against the folder `base` (`''` or ending in `/`), if it stays inside. */
export function resolveInside(base: string, relative: string): string | undefined {
  return safeEntryPath(`${base}${relative}`);
}
