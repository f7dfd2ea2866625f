const SLUG_MAX_LENGTH = 60;

/**
 * A lab's URL name from its name: lower-case ASCII letters and digits, everything else folded
 * to single dashes, at most 60 characters, never empty. Accents are dropped, not lost: `Café`
 * becomes `cafe`.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'lab' : slug;
}

/** `base`, or `base-N` with the first N ≥ 2 past every suffix already taken. */
export function nextFreeSlug(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  const suffixes = taken
    .map((slug) => slug.slice(base.length + 1))
    .filter((suffix) => /^\d+$/.test(suffix))
    .map(Number);
  return `${base}-${Math.max(1, ...suffixes) + 1}`;
}
