import { Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { AuthCardHeader } from '@/components/layouts/auth-card-header';
import { paths } from '@/config/paths';
import { LazyProviderButtons } from '@/features/auth/components/lazy-provider-buttons';
import { LoginForm } from '@/features/auth/components/login-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { sameOriginPath } from '@/lib/safe-redirect';

export function LoginRoute() {
  usePageTitle('Log in');
  const redirect = sameOriginPath(useSearchParams()[0].get('redirect'));
  return (
    <>
      <AuthCardHeader title="Log in">Welcome back. Log in to reach your classrooms.</AuthCardHeader>
      <LazyProviderButtons redirect={redirect} />
      <LoginForm />
      <Text size="sm" ta="center" mt="lg">
        New to HackClass?{' '}
        <Anchor component={Link} to={paths.signup.getHref(redirect)} underline="always">
          Create an account
        </Anchor>
      </Text>
    </>
  );
}
