import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfterFetches } from './invalidate-after-fetches';

/** A list of pages of one item each, whose every read waits until `answer` lets it through. */
function pagedList() {
  const reads: number[] = [];
  const waiting: (() => void)[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new InfiniteQueryObserver(queryClient, {
    queryKey: ['announcements'],
    initialPageParam: 0,
    queryFn: ({ pageParam }: { pageParam: number }) => {
      reads.push(pageParam);
      return new Promise<string[]>((resolve) => {
        waiting.push(() => resolve([`item ${pageParam}`]));
      });
    },
    getNextPageParam: (_last: string[], pages: string[][]) => pages.length,
  });
  const unsubscribe = observer.subscribe(() => {});
  const answer = async () => {
    while (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    waiting.shift()?.();
  };
  const items = () => observer.getCurrentResult().data?.pages.flat();
  return { queryClient, observer, reads, answer, items, unsubscribe };
}

describe('invalidateAfterFetches', () => {
  it('keeps the page being loaded, then reads every page again', async () => {
    const list = pagedList();
    await list.answer();
    await expect.poll(list.items).toEqual(['item 0']);

    const loadingMore = list.observer.fetchNextPage();
    const invalidated = invalidateAfterFetches(list.queryClient, ['announcements']);
    await list.answer();
    await loadingMore;
    expect(list.items()).toEqual(['item 0', 'item 1']);
    await list.answer();
    await list.answer();
    await invalidated;

    expect(list.items()).toEqual(['item 0', 'item 1']);
    expect(list.reads).toEqual([0, 1, 0, 1]);
    list.unsubscribe();
  });

  it('reads again at once when nothing is being fetched', async () => {
    const list = pagedList();
    await list.answer();
    await expect.poll(list.items).toEqual(['item 0']);

    const invalidated = invalidateAfterFetches(list.queryClient, ['announcements']);
    await list.answer();
    await invalidated;
    expect(list.reads).toEqual([0, 0]);
    list.unsubscribe();
  });
});
