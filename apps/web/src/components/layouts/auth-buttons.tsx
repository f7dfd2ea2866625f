import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

interface AuthButtonsProps {
  fullWidth?: boolean;
  onClick?: () => void;
}

/** "Log in" and "Sign up", for visitors. */
export function AuthButtons({ fullWidth, onClick }: AuthButtonsProps) {
  return (
    <>
      <Button
        component={Link}
        to={paths.login.getHref()}
        variant="default"
        fullWidth={fullWidth}
        onClick={onClick}
      >
        Log in
      </Button>
      <Button component={Link} to={paths.signup.getHref()} fullWidth={fullWidth} onClick={onClick}>
        Sign up
      </Button>
    </>
  );
}
