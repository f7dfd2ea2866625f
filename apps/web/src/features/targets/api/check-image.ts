import type { ImageCheck } from '@hackclass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Whether the engine has the image, could pull it, or neither. */
export const checkImage = (image: string): Promise<ImageCheck> =>
  api.post('/target-images/check', { body: { image } });

export const useCheckImage = () => useMutation({ mutationFn: checkImage });
