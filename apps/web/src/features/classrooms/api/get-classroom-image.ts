import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '@/lib/api-client';
import { getRuntimeConfig } from '@/lib/runtime-config';

/** `imageUrl` names the API's path (`/api/classrooms/…`); the client wants it below the base. */
const apiPathOf = (imageUrl: string) => {
  const base = getRuntimeConfig().apiBaseUrl.replace(/\/$/, '');
  const pathname = base && imageUrl.startsWith(base) ? imageUrl.slice(base.length) : imageUrl;
  return pathname;
};

export const getClassroomImage = (imageUrl: string, signal?: AbortSignal): Promise<Blob> =>
  api.getBlob(apiPathOf(imageUrl), { signal });

/** The image sits behind the bearer token, so an `<img src>` cannot load it directly. */
export const getClassroomImageQueryOptions = (imageUrl: string | null) =>
  queryOptions({
    queryKey: ['classrooms', 'image', imageUrl],
    queryFn: ({ signal }) => getClassroomImage(imageUrl ?? '', signal),
    enabled: imageUrl !== null,
    // The URL changes with the classroom (`?v=`), so an answer never goes stale.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** An object URL of the classroom's image, revoked when no longer shown. */
export function useClassroomImage(imageUrl: string | null) {
  const query = useQuery(getClassroomImageQueryOptions(imageUrl));
  const src = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  return { src, isLoading: query.isLoading, isError: query.isError };
}
