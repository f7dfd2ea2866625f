import { useParams, useSearchParams } from 'react-router';
import { AuthCardHeader } from '@/components/layouts/auth-card-header';
import { VerifyEmailPanel } from '@/features/auth/components/verify-email-panel';
import { usePageTitle } from '@/hooks/use-page-title';
import { sameOriginPath } from '@/lib/safe-redirect';

export function VerifyEmailRoute() {
  usePageTitle('Verify your email');
  const { email = '' } = useParams();
  const next = sameOriginPath(useSearchParams()[0].get('next'));
  return (
    <>
      <AuthCardHeader title="Verify your email" />
      <VerifyEmailPanel email={email} continuePath={next} />
    </>
  );
}
