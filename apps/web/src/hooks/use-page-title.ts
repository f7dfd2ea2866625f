import { useEffect } from 'react';

export const productName = 'HackClass';

/** Sets `document.title` to `{page} | HackClass` while the calling page is shown. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} | ${productName}`;
  }, [page]);
}
