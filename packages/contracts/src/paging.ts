import { z } from 'zod';

/** `page` and `pageSize` of a listing's query string, with its default and largest page size. */
export const pageQueryFields = (pageSize: { default: number; max: number }) => ({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(pageSize.max).default(pageSize.default),
});

/** One page of a listing, with where it stands in the whole. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
  });

/** A page of `items`, out of `total`, where the listing's query asked for it. */
export const pageOfItems = <Item>(
  items: Item[],
  total: number,
  { page, pageSize }: { page: number; pageSize: number },
) => ({ items, total, page, pageSize, pageCount: Math.ceil(total / pageSize) });
