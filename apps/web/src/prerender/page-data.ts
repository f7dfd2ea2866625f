import { PAGE_DATA_ID } from '@hackclass/contracts/server-rendered-pages';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Account } from '@/features/auth/hooks/session-context';

/** The signed-in account as the server knows it: from the claims of the verified ID token. */
export type SignedInAccount = Omit<Account, 'firebaseUser'>;

/** One API read a page makes as it opens: the query's key, and the path it asks for. */
export interface PageRead {
  queryKey: QueryKey;
  path: string;
  /** For a query of pages ("Load more"): the path is this page of it. */
  firstPageOf?: number;
}

/** What a page the server rendered was rendered from: the app shows it from the same answers. */
export interface PageData {
  account: SignedInAccount;
  answers: { queryKey: QueryKey; data: unknown }[];
}

/** An answer in the query cache's shape: a query of pages holds it as its first page. */
export const cachedAnswer = (read: PageRead, answer: unknown): unknown =>
  read.firstPageOf === undefined ? answer : { pages: [answer], pageParams: [read.firstPageOf] };

export function seedQueries(queryClient: QueryClient, { answers }: PageData): void {
  for (const { queryKey, data } of answers) queryClient.setQueryData(queryKey, data);
}

/** The path of the page the server rendered into this document with its data, if it did. */
let renderedPath: string | undefined;

export function pageRenderedAt(path: string): void {
  renderedPath = path;
}

/**
 * Whether what is shown may be older than a live stream opened now: the page still shows what
 * the server rendered, read before its streams could open (its code had still to arrive), so
 * its events meanwhile went by unseen.
 */
export const showsServerRenderedData = (): boolean =>
  renderedPath !== undefined && renderedPath === window.location.pathname;

/**
 * The data of the page the server rendered into this document, if it did; taken out of the
 * document, so that it does not stay behind the pages the app shows next.
 */
export function readPageData(): PageData | undefined {
  const script = document.getElementById(PAGE_DATA_ID);
  script?.remove();
  if (!script?.textContent) return undefined;
  try {
    return JSON.parse(script.textContent) as PageData;
  } catch {
    return undefined;
  }
}
