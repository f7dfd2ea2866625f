import {
  IconBook,
  IconBug,
  IconCode,
  IconFlagOff,
  IconHeartHandshake,
  IconLock,
  IconNotes,
  IconScale,
  IconServer2,
  IconShieldCheck,
  IconTarget,
  IconTerminal2,
  IconTrophy,
  IconUserShield,
} from '@tabler/icons-react';
import { paths } from '@/config/paths';
import type { InfoCard } from './types';

const help = paths.helpCenter.getHref();
const support = paths.support.getHref();

/** The rules every classroom plays by. */
export const codeOfConduct: InfoCard[] = [
  {
    Icon: IconTarget,
    title: 'Attack only the lab',
    body: [
      'The files of a lab, and the targets its brief names, are yours to break. Nothing else is: not the HackClass server, not your school’s network, not services on the internet.',
    ],
  },
  {
    Icon: IconUserShield,
    title: 'Never other students’ machines',
    body: [
      'Classmates are not targets, even in a shared room or on the same network. No scanning, no sniffing, no pranks on their laptops or accounts.',
    ],
  },
  {
    Icon: IconFlagOff,
    title: 'No flag sharing',
    body: [
      'A flag is proof that you solved a lab. Passing one on, or posting it, spoils the lab for everyone and makes the leaderboard meaningless. Share ideas and techniques instead.',
    ],
  },
  {
    Icon: IconBug,
    title: 'Disclose responsibly',
    body: [
      `Found a real weakness, in HackClass or anywhere outside a lab? Stop, do not use it further, and tell your teacher or the instance’s operator privately. Keep it to yourself until it is fixed. [Support](${support}#security) explains how.`,
    ],
  },
  {
    Icon: IconLock,
    title: 'Handle lab data with care',
    body: [
      'Lab files may contain names, passwords or messages, made up or not. Use them only for the exercise and do not republish them.',
    ],
  },
  {
    Icon: IconHeartHandshake,
    title: 'Help without spoiling',
    body: [
      'Stuck classmates need a nudge, not the answer. Point to a tool or a concept, and let them find the flag.',
    ],
  },
];

/** Advice for teachers, one card per topic. */
export const teacherTips: InfoCard[] = [
  {
    Icon: IconTrophy,
    title: 'Run a CTF-style session',
    body: [
      {
        list: [
          'Add the session’s labs to the classroom at the start, and announce when the clock starts and stops.',
          'Show the classroom leaderboard on the projector: the live ranking keeps the room going.',
          'Accept join requests before the session, so nobody spends the first minutes waiting.',
          'End with a debrief: students who solved a lab explain their path to the others.',
        ],
      },
    ],
  },
  {
    Icon: IconNotes,
    title: 'Write labs that teach',
    body: [
      {
        list: [
          'Say in the brief what is in scope, what a flag looks like (for example `flag{...}`) and which tools are expected.',
          'Use a case-insensitive flag when students might retype it, an exact one when its case is part of the puzzle.',
          'Solve the lab yourself from its downloaded files before students see it.',
          'Keep files small and name them clearly; a lab accepts up to 10 files of 20 MB each by default, and each teacher’s labs up to 500 MB in all.',
        ],
      },
    ],
  },
  {
    Icon: IconScale,
    title: 'Balance difficulty and points',
    body: [
      {
        list: [
          'Open with one or two Easy labs so everyone scores early, then step up through Medium and Hard.',
          'Keep Insane labs for the few who finish early; they need not be part of the lesson.',
          'Scale points with effort, and keep the scale the same across labs, for example 100, 250, 500 and 1000.',
          'Mix categories (Web, Crypto, Forensics …) so different strengths come out.',
        ],
      },
    ],
  },
];

/** Advice for students. */
export const studentTips: InfoCard[] = [
  {
    Icon: IconBook,
    title: 'Read the whole brief',
    body: [
      'The scope, the flag format and often a hint are in the description. Read it twice before you open a file.',
    ],
  },
  {
    Icon: IconTerminal2,
    title: 'Work in a safe place',
    body: [
      'Open lab files in the virtual machine or sandbox your teacher suggests, not on the computer you use for everything else.',
    ],
  },
  {
    Icon: IconNotes,
    title: 'Take notes as you go',
    body: [
      'Write down commands and dead ends. Notes turn a solve into a write-up, and a write-up is how you remember it next time.',
    ],
  },
  {
    Icon: IconShieldCheck,
    title: 'Think, don’t guess',
    body: [
      'Flag submissions are rate limited, so guessing is slow. When you are stuck, ask your teacher for a hint.',
    ],
  },
];

/** How HackClass itself is made and hosted. */
export const projectFacts: InfoCard[] = [
  {
    Icon: IconServer2,
    title: 'Self-hosted, top to bottom',
    body: [
      'The web app, the product API and the identity service (accounts, passwords, email verification and resets) run on your own server. One `npm start` is enough for a classroom; PostgreSQL, SMTP and Redis join when it grows.',
    ],
  },
  {
    Icon: IconLock,
    title: 'No third-party services',
    body: [
      'No external sign-in, no analytics, no trackers, no fonts or scripts from other sites. Accounts, classrooms, lab files and scores stay on the machine your school or organisation runs.',
    ],
  },
  {
    Icon: IconCode,
    title: 'How it is built',
    body: [
      'TypeScript throughout: a React web app, a Fastify API, and shared schemas that keep the two in step. Changes come with tests that run on the embedded database and on PostgreSQL, and browser tests that check each page for accessibility problems.',
    ],
  },
  {
    Icon: IconBook,
    title: 'Documented for operators',
    body: [
      `The [help centre](${help}#operators) covers starting, configuring, checking and backing up an instance; the project’s README lists every setting.`,
    ],
  },
];
