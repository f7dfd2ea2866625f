import { AudienceSection } from '@/features/marketing/components/audience-section';
import { CallToAction } from '@/features/marketing/components/call-to-action';
import { Hero } from '@/features/marketing/components/hero';
import { HowItWorks } from '@/features/marketing/components/how-it-works';
import { audiences } from '@/features/marketing/content';
import { usePageTitle } from '@/hooks/use-page-title';

/** The public home page: what HackClass is for teachers, students and operators. */
export function HomeRoute() {
  usePageTitle('Home');
  return (
    <>
      <Hero />
      <HowItWorks />
      {audiences.map((audience, index) => (
        <AudienceSection key={audience.id} audience={audience} shaded={index % 2 === 0} />
      ))}
      <CallToAction />
    </>
  );
}
