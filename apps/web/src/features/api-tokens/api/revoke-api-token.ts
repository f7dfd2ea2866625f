import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiTokensQueryKey } from './get-api-tokens';

export interface Revocation {
  tokenId: string;
  /** An admin revoking anyone's token, rather than a person their own. */
  asAdmin?: boolean;
}

export const revokeApiToken = ({ tokenId, asAdmin = false }: Revocation): Promise<void> =>
  api.delete(`${asAdmin ? '/api-tokens' : '/users/me/api-tokens'}/${encodeURIComponent(tokenId)}`);

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
