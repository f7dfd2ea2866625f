import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { endsSession } from './identity';
import { noticeError } from './notices';
import { isAccountDisabled, sessionEndedTitle, signOutWith } from './session-end';

/** What a query or mutation tells the caches' error handlers about its failures. */
export interface RequestMeta extends Record<string, unknown> {
  /** Toast title shown when it fails; without it a failure is only logged. */
  errorToast?: string;
  /** A failure signs the user out, with this toast title. */
  signOutOnError?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/**
 * Failures of server state are decided here, in one place, not in the HTTP client
 * (docs/decisions.md#6-the-web-app-decides-failures-in-one-place): the session ends on a
 * disabled account or a dead refresh token; otherwise the request's meta says whether to toast.
 */
function onError(error: unknown, meta: RequestMeta | undefined) {
  if (endsSession(error) || isAccountDisabled(error)) {
    void signOutWith(sessionEndedTitle(error));
    return;
  }
  if (meta?.signOutOnError) {
    void signOutWith(meta.signOutOnError);
    return;
  }
  if (meta?.errorToast) noticeError({ title: meta.errorToast });
  else console.error(error);
}

export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
