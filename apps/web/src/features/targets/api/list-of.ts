/** Validates a JSON array item by item with a contract's schema. */
export const listOf = <T>(item: { parse(data: unknown): T }) => ({
  parse(data: unknown): T[] {
    if (!Array.isArray(data)) throw new TypeError('Expected a JSON array');
    return data.map((entry) => item.parse(entry));
  },
});
