import { HelpCenter } from '@/features/public-pages/components/help-center/help-center';
import { usePageTitle } from '@/hooks/use-page-title';

/** The help centre: searchable questions and answers by audience. */
export function HelpCenterRoute() {
  usePageTitle('Help centre');
  return <HelpCenter />;
}
