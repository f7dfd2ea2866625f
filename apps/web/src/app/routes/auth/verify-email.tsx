import { useParams } from 'react-router';
import { AuthCardHeader } from '@/components/layouts/auth-card-header';
import { VerifyEmailPanel } from '@/features/auth/components/verify-email-panel';
import { usePageTitle } from '@/hooks/use-page-title';

export function VerifyEmailRoute() {
  usePageTitle('Verify your email');
  const { email = '' } = useParams();
  return (
    <>
      <AuthCardHeader title="Verify your email" />
      <VerifyEmailPanel email={email} />
    </>
  );
}
