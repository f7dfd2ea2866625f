import { PageIntro } from '@/features/public-pages/components/page-intro';
import { SecurityReport } from '@/features/public-pages/components/support/security-report';
import { SupportAudiences } from '@/features/public-pages/components/support/support-audiences';
import { usePageTitle } from '@/hooks/use-page-title';

/** The support page: who to ask for help, what to include, and how to report a vulnerability. */
export function SupportRoute() {
  usePageTitle('Support');
  return (
    <>
      <PageIntro
        eyebrow="Getting help"
        title="Support"
        description="HackClass runs on your school’s or organisation’s own server, so help comes from the people around you and the operator who runs it. Here is who to ask, and what to tell them."
      />
      <SupportAudiences />
      <SecurityReport />
    </>
  );
}
