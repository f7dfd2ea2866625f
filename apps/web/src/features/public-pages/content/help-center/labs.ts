import { LAB_CATEGORIES, LAB_DIFFICULTIES, LAB_POINTS } from '@hackclass/contracts';
import { IconFlag } from '@tabler/icons-react';
import type { HelpSection } from './types';

// Thousands grouped with a space, as in “10 000”.
const points = (value: number) => value.toLocaleString('en-GB').replace(/,/g, '\u202f');

export const labs: HelpSection = {
  id: 'hacking-labs',
  title: 'Hacking labs',
  description: 'Difficulty, categories, points, files, flags and the leaderboard.',
  Icon: IconFlag,
  groups: [
    {
      articles: [
        {
          id: 'lab-difficulty',
          question: 'What do the difficulty levels and categories mean?',
          answer: [
            `Difficulty is one of ${LAB_DIFFICULTIES.join(', ')}: the lab author’s estimate of the effort, from a first exercise to a real challenge. The category says which skill it trains: ${LAB_CATEGORIES.join(', ')}.`,
          ],
        },
        {
          id: 'lab-points',
          question: 'How many points is a lab worth?',
          answer: [
            `Whatever its author set, from ${points(LAB_POINTS.min)} to ${points(LAB_POINTS.max)} points. Solving a lab earns its points once, in the classroom where you solved it.`,
          ],
        },
        {
          id: 'lab-files',
          question: 'What files can a lab have?',
          answer: [
            'Any type: binaries, archives, packet captures, source code, images, documents. By default each file may be up to 20 MB, a lab may have up to 10 files, and the files of all your labs up to 500 MB (the lab form shows how much you use); the operator of your instance can change these limits.',
            'Files are always served as downloads, never opened in the browser, so a sample of malicious HTML or script cannot run on the HackClass page. Open lab files in the environment your teacher recommends.',
          ],
        },
        {
          id: 'lab-flags',
          question: 'How do flags work?',
          answer: [
            'A lab has one or more secret flags. Each is checked either exactly or ignoring upper and lower case, as the author chose. Only the lab’s creator and the admins can see them.',
            'Accepted members submit flags for the labs of their classroom. A correct flag records a solve, once: submitting it again adds nothing. Submissions are rate limited per person and lab, so guessing by brute force does not work.',
          ],
        },
        {
          id: 'leaderboard',
          question: 'How is the leaderboard ranked?',
          answer: [
            'Each classroom has its own leaderboard of its accepted members. Your score there is the sum of the points of that classroom’s labs you solved in it. Higher scores rank first; on a tie, whoever reached the score first ranks higher.',
          ],
        },
        {
          id: 'lab-markdown',
          question: 'Can a lab description have formatting?',
          answer: [
            'Yes, it is written in Markdown: headings, lists, links, code blocks. It is rendered safely: HTML or script in a description never runs.',
          ],
        },
      ],
    },
  ],
};
