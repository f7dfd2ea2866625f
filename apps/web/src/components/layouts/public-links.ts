import { paths } from '@/config/paths';

/** The public pages linked from the default layout's header, drawer and footer. */
export const publicLinks = [
  { label: 'Community', href: paths.community.getHref() },
  { label: 'Help centre', href: paths.helpCenter.getHref() },
  { label: 'Support', href: paths.support.getHref() },
] as const;
