import { CommunitySections } from '@/features/public-pages/components/community/community-sections';
import { NextSteps } from '@/features/public-pages/components/next-steps';
import { PageIntro } from '@/features/public-pages/components/page-intro';
import { usePageTitle } from '@/hooks/use-page-title';

/** The community page: how classrooms behave, tips for teachers and students, the project. */
export function CommunityRoute() {
  usePageTitle('Community');
  return (
    <>
      <PageIntro
        eyebrow="Learning together"
        title="Community"
        description="HackClass is where classes practise offensive security together. These are the ground rules every classroom shares, advice from running labs, and how the platform itself is made."
      />
      <CommunitySections />
      <NextSteps />
    </>
  );
}
