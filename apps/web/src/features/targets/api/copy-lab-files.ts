import type { BoxLabFiles } from '@hackclass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Puts a lab's files in the caller's running box, under `~/labs/<lab slug>`. */
export const copyLabFiles = ({
  boxId,
  labId,
}: {
  boxId: string;
  labId: string;
}): Promise<BoxLabFiles> =>
  api.post(`/targets/${encodeURIComponent(boxId)}/lab-files`, {
    body: { labId },
  });

export const useCopyLabFiles = () => useMutation({ mutationFn: copyLabFiles });
