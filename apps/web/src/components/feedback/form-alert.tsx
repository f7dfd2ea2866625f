import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The failure of a whole form or screen, announced to screen readers as it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden />}
      role="alert"
    >
      {message}
    </Alert>
  );
}
