import { Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { AuthCardHeader } from '@/components/layouts/auth-card-header';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { ProviderButtons } from '@/features/auth/components/provider-buttons';
import { usePageTitle } from '@/hooks/use-page-title';
import { sameOriginPath } from '@/lib/safe-redirect';

export function LoginRoute() {
  usePageTitle('Log in');
  const redirect = sameOriginPath(useSearchParams()[0].get('redirect'));
  return (
    <>
      <AuthCardHeader title="Log in">Welcome back. Log in to reach your classrooms.</AuthCardHeader>
      <ProviderButtons redirect={redirect} />
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
