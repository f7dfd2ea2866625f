import { isSettlingTargetState, type MyAttackBox, myAttackBoxSchema } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { targetKeys } from './keys';

export const getMyBox = (signal?: AbortSignal): Promise<MyAttackBox> =>
  api.get('/users/me/box', { schema: myAttackBoxSchema, signal });

/** How often a box that starts or stops is asked after. */
const SETTLING_MS = 1_500;

/** The caller's attack box: the active one, else the latest, else none. */
export const getMyBoxQueryOptions = () =>
  queryOptions({
    queryKey: targetKeys.box(),
    queryFn: ({ signal }) => getMyBox(signal),
    staleTime: 0,
  });

export const useMyBox = () =>
  useQuery({
    ...getMyBoxQueryOptions(),
    refetchInterval: (query) =>
      isSettlingTargetState(query.state.data?.box?.state) ? SETTLING_MS : false,
  });
