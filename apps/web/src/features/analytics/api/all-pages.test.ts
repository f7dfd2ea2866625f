import { describe, expect, it } from 'vitest';
import { allPages } from './all-pages';

/** A list of `pageCount` pages of one item each, recording how many pages were asked at once. */
function pagedList(pageCount: number) {
  let pending = 0;
  const concurrency: number[] = [];
  const getPage = async (page: number) => {
    pending += 1;
    concurrency.push(pending);
    await new Promise((resolve) => setTimeout(resolve, 5 * (pageCount - page)));
    pending -= 1;
    return { items: [`item ${page}`], pageCount };
  };
  return { getPage, concurrency };
}

describe('allPages', () => {
  it('returns the items of every page in page order, later pages answering first', async () => {
    const { getPage } = pagedList(5);
    expect(await allPages(getPage)).toEqual(['item 1', 'item 2', 'item 3', 'item 4', 'item 5']);
  });

  it('asks for one page when there is one', async () => {
    const { getPage, concurrency } = pagedList(1);
    expect(await allPages(getPage, 4)).toEqual(['item 1']);
    expect(concurrency).toEqual([1]);
  });

  it('keeps at most `atOnce` pages in flight', async () => {
    const { getPage, concurrency } = pagedList(10);
    expect(await allPages(getPage, 4)).toHaveLength(10);
    expect(Math.max(...concurrency)).toBe(4);
  });

  it('asks for the rest together when not told how many at once', async () => {
    const { getPage, concurrency } = pagedList(10);
    await allPages(getPage);
    expect(Math.max(...concurrency)).toBe(9);
  });
});
