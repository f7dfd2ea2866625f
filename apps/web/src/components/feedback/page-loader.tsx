import { Center } from '@mantine/core';
import { Spinner } from './spinner';

/** A centred spinner for a page, or the whole app, that is not ready yet. */
export function PageLoader({ label = 'Loading', fullScreen = false }) {
  return (
    <Center h={fullScreen ? '100dvh' : undefined} py={fullScreen ? undefined : 80}>
      <Spinner label={label} />
    </Center>
  );
}
