import { Button, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/feedback/form-alert';
import { PageLoader } from '@/components/feedback/page-loader';
import { AuthCardHeader } from '@/components/layouts/auth-card-header';
import { paths } from '@/config/paths';
import { completeProviderSignIn, type ProviderReturn } from '@/features/auth/api/provider-sign-in';
import { LinkAccountForm } from '@/features/auth/components/link-account-form';
import { useSession } from '@/features/auth/hooks/use-session';
import { loginFailure } from '@/features/auth/utils/error-messages';
import { usePageTitle } from '@/hooks/use-page-title';
import { sameOriginPath } from '@/lib/safe-redirect';

type Step = { kind: 'signing-in' } | ProviderReturn;

/**
 * Where a school's provider sends people back: signs them in, or says why not, or asks the
 * holder of an existing account with the same address for its password before linking.
 */
export function ProviderReturnRoute() {
  usePageTitle('Signing in');
  const { state } = useSession();
  const redirect = sameOriginPath(useSearchParams()[0].get('redirect'));
  const [step, setStep] = useState<Step>({ kind: 'signing-in' });
  // Once per visit, even where React runs effects twice: the outcome is read only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = window.location.hash;
    // A pending token leaves the address bar and the history at once.
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + window.location.search,
    );
    completeProviderSignIn(fragment).then(setStep, (error: unknown) =>
      setStep({ kind: 'failed', message: loginFailure(error).message }),
    );
  }, []);

  // On once the session knows the user, or the signed-in pages would send them to log in.
  if (step.kind === 'signed-in' && state.status === 'signed-in') {
    return <Navigate to={redirect ?? paths.dashboard.getHref()} replace />;
  }
  if (step.kind === 'signing-in' || step.kind === 'signed-in') {
    return (
      <>
        <AuthCardHeader title="Signing you in" />
        <PageLoader label="Signing you in with your school" />
      </>
    );
  }
  if (step.kind === 'link') {
    return (
      <>
        <AuthCardHeader title="Link your school account" />
        <LinkAccountForm
          email={step.email}
          credential={step.credential}
          onLinked={() => setStep({ kind: 'signed-in' })}
        />
      </>
    );
  }
  return (
    <>
      <AuthCardHeader title="Sign-in did not work" />
      <Stack gap="md">
        <FormAlert message={step.message} />
        <Button component={Link} to={paths.login.getHref(redirect)}>
          Back to log in
        </Button>
      </Stack>
    </>
  );
}
