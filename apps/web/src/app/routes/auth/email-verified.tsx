import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { AuthCardHeader } from '@/components/layouts/auth-card-header';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '@/features/auth/api/email-verification';
import { usePageTitle } from '@/hooks/use-page-title';
import { sameOriginPath } from '@/lib/safe-redirect';
import { InvalidLink } from './invalid-link';

/** The URL `text` names, or undefined; not `URL.canParse`, which older Safari lacks. */
function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Target of the verification mail: applies its code and says so. */
export function EmailVerifiedRoute() {
  usePageTitle('Email verified');
  const [searchParams] = useSearchParams();
  const oobCode = searchParams.get('oobCode') ?? '';
  const verification = useVerifyEmail(oobCode);
  // The link continues where the sign-up came from, e.g. an invitation; only on this origin.
  const continueUrl = searchParams.get('continueUrl') ?? '';
  const onward = parsedUrl(continueUrl);
  const continuePath =
    onward?.origin === window.location.origin
      ? sameOriginPath(`${onward.pathname}${onward.search}`)
      : undefined;
  const dashboard = paths.dashboard.getHref();

  if (!oobCode || verification.isError) {
    return (
      <>
        <AuthCardHeader title="Email verification" />
        <InvalidLink
          message={messages.badVerificationLink}
          explanation={
            <Text size="sm" c="dimmed">
              The link may be incomplete, already used, or expired. Log in and send yourself a new
              one from the verification page.
            </Text>
          }
          action={{ label: 'Go to the dashboard', to: paths.dashboard.getHref() }}
        />
      </>
    );
  }
  if (verification.isPending) {
    return (
      <>
        <AuthCardHeader title="Email verification" />
        <PageLoader label="Verifying your email" />
      </>
    );
  }
  return (
    <>
      <AuthCardHeader title="Email verified" />
      <Stack gap="md">
        <Alert
          color="green"
          variant="light"
          role="status"
          icon={<IconCircleCheck size={18} aria-hidden />}
        >
          Your email address is verified. Your account is ready.
        </Alert>
        <Button component={Link} to={continuePath ?? dashboard}>
          {!continuePath || continuePath === dashboard ? 'Go to the dashboard' : 'Continue'}
        </Button>
      </Stack>
    </>
  );
}
