import type { InvitationLink } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationKeys } from './keys';

export const getInvitationLink = (token: string, signal?: AbortSignal): Promise<InvitationLink> =>
  api.get(`/invitations/${encodeURIComponent(token)}`, { signal });

/** Keyed by who asks too: the address shows in full only to its owner. */
export const getInvitationLinkQueryOptions = (token: string, uid: string | undefined) =>
  queryOptions({
    queryKey: invitationKeys.linkFor(token, uid),
    queryFn: ({ signal }) => getInvitationLink(token, signal),
  });

/** Not asked while `enabled` is false, e.g. before the session says who is asking. */
export const useInvitationLink = (token: string, uid: string | undefined, enabled = true) =>
  useQuery({ ...getInvitationLinkQueryOptions(token, uid), enabled });
