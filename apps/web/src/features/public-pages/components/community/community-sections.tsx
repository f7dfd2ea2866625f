import { codeOfConduct, projectFacts, studentTips, teacherTips } from '../../content/community';
import { CardSection } from '../card-section';

/** The body of the community page: the code of conduct, tips, and how HackClass is made. */
export function CommunitySections() {
  return (
    <>
      <CardSection
        id="code-of-conduct"
        eyebrow="Code of conduct"
        title="Six rules for every classroom"
        description="Security skills are powerful. In HackClass they are practised on purpose-built labs, with respect for classmates and for the people who run the platform."
        cards={codeOfConduct}
      />
      <CardSection
        id="teachers"
        eyebrow="Tips for teachers"
        title="Sessions students remember"
        description="A few habits that make labs fair, sessions lively and the leaderboard mean something."
        cards={teacherTips}
        shaded
      />
      <CardSection
        id="students"
        eyebrow="Tips for students"
        title="Get more out of every lab"
        description="The flag is the proof; what you learn on the way is the point."
        cards={studentTips}
        columns={4}
      />
      <CardSection
        id="project"
        eyebrow="The project"
        title="Built to be hosted by you"
        description="HackClass belongs to whoever runs it. Here is how it is made and what that means for your data."
        cards={projectFacts}
        columns={2}
        shaded
      />
    </>
  );
}
