import { z } from 'zod';

/** The items of a comma-separated setting, trimmed, empty ones dropped. */
export const splitCommas = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A comma-separated setting as its list of items, for the refinements that check them. */
export const commaList = () => z.string().transform(splitCommas);
