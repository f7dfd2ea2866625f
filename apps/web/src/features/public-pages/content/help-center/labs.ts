import { LAB_CATEGORIES, LAB_DIFFICULTIES, LAB_POINTS } from '@hackclass/contracts';
import { IconFlag } from '@tabler/icons-react';
import type { HelpSection } from './types';

// Thousands grouped with a space, as in “10 000”.
const points = (value: number) => value.toLocaleString('en-GB').replace(/,/g, '\u202f');

export const labs: HelpSection = {
  id: 'hacking-labs',
  title: 'Hacking labs',
  description: 'Difficulty, categories, points, files, flags, live targets and the leaderboard.',
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
    {
      title: 'Live targets',
      articles: [
        {
          id: 'target-start',
          question: 'How do I use a lab’s live target?',
          answer: [
            'Some labs come with a running target to attack: a web application or a network service of your own, which no other student shares. Open the lab from your classroom and:',
            {
              steps: [
                'Press Start target and wait a few seconds until it says Running.',
                'For a web target, press Open target: it opens in a new tab through HackClass, and only you (and your teachers) get in. For a network target, press Connect from your machine: download the small connector it offers (it needs Node.js 22 or later), run the command shown, then connect to `127.0.0.1:4000` (`nc 127.0.0.1 4000`); the command holds a key to your target, so keep it to yourself. Where your school shows a `host:port` instead, connect to it with `nc host port`.',
                'Find the flag and submit it on the lab page as usual.',
              ],
            },
            'A target runs for the time its lab sets; the time left counts down on the lab page. Extend pushes it back when the lab allows it, Reset replaces a broken target with a fresh one (its state is lost), and Stop ends it. You have one target per lab at a time.',
          ],
          keywords: 'container docker instance machine box vm',
        },
        {
          id: 'target-flags',
          question: 'Why is my flag different from my classmate’s?',
          answer: [
            'A lab may give every target a flag of its own. Submit the one your own target holds: a flag found in someone else’s target does not count, and your teacher sees it as a suspected shared flag. A reset hands your new target a new flag; a flag you truly found earlier still counts.',
          ],
          keywords: 'per-student cheating sharing',
        },
        {
          id: 'target-define',
          question: 'How do I give a lab a live target?',
          answer: [
            'In the lab form, switch on This lab has a live target and give the container image (a Docker image reference, such as `registry.school.example/labs/sqli:3`), the port it serves and its kind: HTTP for the browser, TCP for a network service students reach through HackClass’s tunnel. Check image says whether the server has the image or can pull it.',
            'Set the memory, CPUs, process limit and lifetime each student’s target gets, whether students may extend it, and whether it may reach the network outside (off by default). With Per student flags, each target gets its own flag (your prefix, an unguessable value, your suffix) in the environment variable `HACKCLASS_FLAG`, and the lab needs no flags of its own.',
            'A classroom’s Targets tab lists its running targets: stop one or all of them, and set how many may run at once.',
          ],
          keywords: 'docker image container teacher',
        },
      ],
    },
  ],
};
