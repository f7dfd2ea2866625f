import { CallToActionBand } from '@/components/sections/call-to-action-band';
import { paths } from '@/config/paths';

/** The closing band of the community page: where to go with a question. */
export function NextSteps() {
  return (
    <CallToActionBand
      title="Have a question?"
      text="The help centre answers the common ones. For anything else, support explains who runs your instance and what to tell them."
      links={[
        { label: 'Help centre', to: paths.helpCenter.getHref() },
        { label: 'Support', to: paths.support.getHref() },
      ]}
    />
  );
}
