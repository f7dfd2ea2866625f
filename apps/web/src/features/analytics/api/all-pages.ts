interface Paged<Item> {
  items: Item[];
  pageCount: number;
}

/**
 * Every item of a paged list, in page order: the first page says how many more there are, and
 * they are asked for `atOnce` at a time (all together unless told).
 */
export async function allPages<Item>(
  getPage: (page: number) => Promise<Paged<Item>>,
  atOnce = Number.POSITIVE_INFINITY,
): Promise<Item[]> {
  const first = await getPage(1);
  const pages = [first];
  for (let next = 2; next <= first.pageCount; next += atOnce) {
    const count = Math.min(atOnce, first.pageCount - next + 1);
    pages.push(...(await Promise.all(Array.from({ length: count }, (_, i) => getPage(next + i)))));
  }
  return pages.flatMap((page) => page.items);
}
