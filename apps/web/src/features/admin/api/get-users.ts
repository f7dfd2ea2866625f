import type { RoleId, UserList } from '@hackclass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface UserFilter {
  search: string;
  role: RoleId | null;
  /** Only teachers awaiting an admin's approval. */
  awaitingApproval: boolean;
  page: number;
  pageSize: number;
}

/** Searched by a trimmed email or name substring (the server ignores case), filtered, paged. */
export function userSearchParams({ search, role, awaitingApproval, page, pageSize }: UserFilter) {
  const params = new URLSearchParams();
  const term = search.trim();
  if (term) params.set('search', term);
  if (role !== null) params.set('role', String(role));
  if (awaitingApproval) params.set('awaitingApproval', 'true');
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return params;
}

export const getUsers = (filter: UserFilter, signal?: AbortSignal): Promise<UserList> =>
  api.get(`/users?${userSearchParams(filter)}`, { signal });

/** Every page of the list shares the `['users', 'list']` prefix, which mutations invalidate. */
export const usersQueryKey = ['users', 'list'] as const;

export const getUsersQueryOptions = (filter: UserFilter) =>
  queryOptions({
    queryKey: [...usersQueryKey, { ...filter, search: filter.search.trim().toLowerCase() }],
    queryFn: ({ signal }) => getUsers(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (filter: UserFilter) => useQuery(getUsersQueryOptions(filter));
