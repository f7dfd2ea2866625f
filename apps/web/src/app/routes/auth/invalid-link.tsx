import { Alert, Button, Stack } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface InvalidLinkProps {
  message: string;
  explanation: ReactNode;
  action: { label: string; to: string };
}

/** A mail link that is malformed, used or expired, and the way to get a new one. */
export function InvalidLink({ message, explanation, action }: InvalidLinkProps) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert" icon={<IconLinkOff size={18} aria-hidden />}>
        {message}
      </Alert>
      {explanation}
      <Button component={Link} to={action.to}>
        {action.label}
      </Button>
    </Stack>
  );
}
