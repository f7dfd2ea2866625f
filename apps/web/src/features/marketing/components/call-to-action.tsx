import { CallToActionBand } from '@/components/sections/call-to-action-band';
import { paths } from '@/config/paths';

/** The closing invitation at the bottom of the home page. */
export function CallToAction() {
  return (
    <CallToActionBand
      title="Your first classroom is a few minutes away"
      text="Create an account, open a classroom and add a lab. Your students can be capturing flags before the bell."
      links={[
        { label: 'Get started', to: paths.signup.getHref() },
        { label: 'Read the help centre', to: paths.helpCenter.getHref() },
      ]}
    />
  );
}
