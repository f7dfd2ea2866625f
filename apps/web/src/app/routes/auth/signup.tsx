import { Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { AuthCardHeader } from '@/components/layouts/auth-card-header';
import { paths } from '@/config/paths';
import { LazyProviderButtons } from '@/features/auth/components/lazy-provider-buttons';
import { SignupForm } from '@/features/auth/components/signup-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { sameOriginPath } from '@/lib/safe-redirect';

export function SignupRoute() {
  usePageTitle('Sign up');
  const redirect = sameOriginPath(useSearchParams()[0].get('redirect'));
  return (
    <>
      <AuthCardHeader title="Create your account">
        Students solve labs and capture flags; teachers run classrooms.
      </AuthCardHeader>
      <LazyProviderButtons redirect={redirect} />
      <SignupForm continuePath={redirect} />
      <Text size="sm" ta="center" mt="lg">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.login.getHref(redirect)} underline="always">
          Log in
        </Anchor>
      </Text>
    </>
  );
}
