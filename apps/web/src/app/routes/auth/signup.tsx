import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCardHeader } from '@/components/layouts/auth-card-header';
import { paths } from '@/config/paths';
import { SignupForm } from '@/features/auth/components/signup-form';
import { usePageTitle } from '@/hooks/use-page-title';

export function SignupRoute() {
  usePageTitle('Sign up');
  return (
    <>
      <AuthCardHeader title="Create your account">
        Students solve labs and capture flags; teachers run classrooms.
      </AuthCardHeader>
      <SignupForm />
      <Text size="sm" ta="center" mt="lg">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.login.getHref()} underline="always">
          Log in
        </Anchor>
      </Text>
    </>
  );
}
