import { NavLink } from 'react-router';
import classes from './public-header.module.css';

interface PublicNavLinkProps {
  href: string;
  label: string;
  variant?: 'bar' | 'drawer';
  onClick?: () => void;
}

/** A header or drawer link to a public page; the router marks the current one with aria-current. */
export function PublicNavLink({ href, label, variant = 'bar', onClick }: PublicNavLinkProps) {
  return (
    <NavLink
      to={href}
      onClick={onClick}
      className={variant === 'bar' ? classes.link : classes.drawerLink}
    >
      {label}
    </NavLink>
  );
}
