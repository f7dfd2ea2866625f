import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCardHeader } from '@/components/layouts/auth-card-header';
import { paths } from '@/config/paths';
import { PasswordForgotForm } from '@/features/auth/components/password-forgot-form';
import { usePageTitle } from '@/hooks/use-page-title';

export function PasswordForgotRoute() {
  usePageTitle('Forgot password');
  return (
    <>
      <AuthCardHeader title="Forgot your password?">
        Enter your email address and we will send you a link to choose a new one.
      </AuthCardHeader>
      <PasswordForgotForm />
      <Text size="sm" ta="center" mt="lg">
        <Anchor component={Link} to={paths.login.getHref()}>
          Back to log in
        </Anchor>
      </Text>
    </>
  );
}
