import type { CreateApiToken, CreatedApiToken } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiTokensQueryKey } from './get-api-tokens';

export const createApiToken = (token: CreateApiToken): Promise<CreatedApiToken> =>
  api.post('/users/me/api-tokens', { body: token });

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
