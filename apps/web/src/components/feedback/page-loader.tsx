import { Center, Loader } from '@mantine/core';

/** A centred spinner for a page, or the whole app, that is not ready yet. */
export function PageLoader({ label = 'Loading', fullScreen = false }) {
  return (
    <Center h={fullScreen ? '100dvh' : undefined} py={fullScreen ? undefined : 80}>
      <Loader aria-label={label} />
    </Center>
  );
}
