import { type InvitationLink, invitationLinkSchema } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getInvitationLink = (token: string, signal?: AbortSignal): Promise<InvitationLink> =>
  api.get(`/invitations/${encodeURIComponent(token)}`, { schema: invitationLinkSchema, signal });

/** Keyed by who asks too: the address shows in full only to its owner. */
export const getInvitationLinkQueryOptions = (token: string, uid: string | undefined) =>
  queryOptions({
    queryKey: ['invitations', token, uid],
    queryFn: ({ signal }) => getInvitationLink(token, signal),
  });

export const useInvitationLink = (token: string, uid: string | undefined) =>
  useQuery(getInvitationLinkQueryOptions(token, uid));
