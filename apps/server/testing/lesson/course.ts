import { LessonClient, signIn } from './lesson-client';
import { LESSON_PASSWORD, type LessonAccount, type Roster } from './roster';

export interface LessonLab {
  id: string;
  flag: string;
  fileId: string;
  fileBytes: number;
}

/** The handout every lab comes with: a small capture, as web labs ship. */
const HANDOUT_BYTES = 48 * 1024;

const LAB_TOPICS = [
  ['Cookie tampering', 'Web'],
  ['Login bypass', 'Web'],
  ['Weak hashes', 'Crypto'],
  ['Hidden in plain sight', 'Forensics'],
] as const;

/** One of the roster's people, signed in. */
export const signedInClient = async (origin: string, apiKey: string, account: LessonAccount) =>
  new LessonClient(origin, await signIn(origin, apiKey, account.email, LESSON_PASSWORD));

/**
 * The teacher prepares the lesson through the API as the lab form does: `labs` labs, each with a
 * handout and a flag (the first with a live target when `targetImage` is given), added to every
 * classroom of the roster.
 */
export async function prepareCourse(
  origin: string,
  apiKey: string,
  roster: Roster,
  { labs, targetImage }: { labs: number; targetImage?: string },
): Promise<LessonLab[]> {
  const teacher = await signedInClient(origin, apiKey, roster.teacher);
  const prepared: LessonLab[] = [];
  for (let index = 0; index < labs; index += 1) {
    const [name, category] = LAB_TOPICS[index % LAB_TOPICS.length] ?? LAB_TOPICS[0];
    const flag = `flag{lesson-${index}-well-done}`;
    const form = new FormData();
    form.set('name', `${name} ${index + 1}`);
    form.set('description', 'Read the handout, find the flag, submit it.');
    form.set('difficulty', 'Easy');
    form.set('category', category);
    form.set('points', String(100 + 50 * index));
    form.set('flags', JSON.stringify([{ value: flag }]));
    if (index === 0 && targetImage) {
      form.set(
        'target',
        JSON.stringify({ image: targetImage, port: 8080, kind: 'http', flagMode: 'static' }),
      );
    }
    form.append('labFiles', new Blob([Buffer.alloc(HANDOUT_BYTES, index)]), 'handout.pcap');
    const lab = await teacher.call<{ id: string; files: { id: string }[] }>(
      'POST',
      '/hacking-labs',
      form,
    );
    const fileId = lab.files[0]?.id;
    if (!fileId) throw new Error('the lab was created without its handout');
    prepared.push({ id: lab.id, flag, fileId, fileBytes: HANDOUT_BYTES });
  }
  for (const classroomId of roster.classroomIds) {
    for (const lab of prepared) {
      await teacher.call('POST', `/classrooms/${classroomId}/hacking-labs`, {
        hackingLabId: lab.id,
      });
    }
  }
  return prepared;
}
