import { Loader, type LoaderProps } from '@mantine/core';

/**
 * A spinner that says what is loading. Mantine's loader is a bare span, on which a label is not
 * allowed without a role (axe aria-prohibited-attr): as a status, screen readers announce it.
 */
export function Spinner({ label, size }: { label: string; size?: LoaderProps['size'] }) {
  return <Loader role="status" aria-label={label} size={size} />;
}
