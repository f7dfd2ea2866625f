import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { useResendVerification } from '../api/email-verification';
import { useAccount, useSession } from '../hooks/use-session';
import { isOffline } from '../utils/error-messages';

interface VerifyEmailPanelProps {
  email: string;
  /** A same-origin path the mail's link and the check lead to, e.g. an invitation's. */
  continuePath?: string | undefined;
}

/**
 * "Check your inbox": resend the mail, or say it was followed. Public, so a visitor who opened
 * it signed out still learns what to do.
 */
export function VerifyEmailPanel({ email, continuePath }: VerifyEmailPanelProps) {
  const account = useAccount();
  const { reloadAccount } = useSession();
  const navigate = useNavigate();
  const resend = useResendVerification();
  const [notYet, setNotYet] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: reloadAccount,
    onSuccess: (reloaded) => {
      if (reloaded?.emailVerified) {
        navigate(continuePath ?? paths.dashboard.getHref(), { replace: true });
      } else setNotYet('Your email address is not verified yet. Open the link in the mail first.');
    },
    onError: (error) => setNotYet(isOffline(error) ? messages.network : messages.generic),
  });

  return (
    <Stack gap="md">
      <Alert color="green" variant="light" icon={<IconMailCheck size={18} aria-hidden />}>
        We sent a verification link to <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>
        . Open it to activate your account.
      </Alert>
      {getRuntimeConfig().mail.devOutbox ? (
        <Alert color="blue" variant="light" title="No mail server is set up here yet">
          <Text size="sm">
            This HackClass keeps its mail in its dev outbox: one <Code>.eml</Code> file per mail in
            the <Code>outbox</Code> folder of its data folder (<Code>./data/outbox</Code> unless{' '}
            <Code>DATA_DIR</Code> says otherwise), each named in the server’s log. Open the newest
            one and follow its link. To send real mail, set <Code>SMTP_URL</Code>.
          </Text>
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          No mail after a few minutes? Check your spam folder, or send it again.
        </Text>
      )}
      {notYet && (
        <Alert color="yellow" variant="light" role="status">
          {notYet}
        </Alert>
      )}
      {account ? (
        <>
          <Button onClick={() => check.mutate()} loading={check.isPending}>
            I've verified my email
          </Button>
          <Button
            variant="default"
            onClick={() => resend.mutate(continuePath)}
            loading={resend.isPending}
          >
            Resend verification email
          </Button>
        </>
      ) : (
        <Button
          component={Link}
          to={paths.login.getHref(continuePath ?? paths.dashboard.getHref())}
        >
          Log in to continue
        </Button>
      )}
    </Stack>
  );
}
