import { Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { AuthCardHeader } from '@/components/layouts/auth-card-header';
import { toast } from '@/components/toast/toast';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { useResetCode } from '@/features/auth/api/password-reset';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { InvalidLink } from './invalid-link';

export function ResetPasswordRoute() {
  usePageTitle('Reset password');
  const [searchParams] = useSearchParams();
  const oobCode = searchParams.get('oobCode') ?? '';
  const navigate = useNavigate();
  const code = useResetCode(oobCode);
  const [linkSpent, setLinkSpent] = useState(false);

  let body: React.ReactNode;
  if (!oobCode || code.isError || linkSpent) {
    body = (
      <InvalidLink
        message={messages.badResetLink}
        explanation={
          <Text size="sm" c="dimmed">
            The link may be incomplete, already used, or older than an hour. Ask for a new one.
          </Text>
        }
        action={{ label: 'Request a new link', to: paths.passwordForgot.getHref() }}
      />
    );
  } else if (code.isPending) {
    body = <PageLoader label="Checking your link" />;
  } else {
    body = (
      <ResetPasswordForm
        oobCode={oobCode}
        email={code.data}
        onBadLink={() => setLinkSpent(true)}
        onDone={() => {
          toast.success('Password changed', 'Log in with your new password.');
          navigate(paths.login.getHref(), { replace: true });
        }}
      />
    );
  }

  return (
    <>
      <AuthCardHeader title="Choose a new password" />
      {body}
    </>
  );
}
