import type { FlagKind, LabCategory, LabDifficulty } from '@hackclass/contracts';

/** Everyone's password in the demo: it is printed at the end for the newcomer to sign in. */
export const DEMO_PASSWORD = 'hackclass-demo';

export interface DemoPerson {
  email: string;
  name: string;
}

export const demoAdmin: DemoPerson = { email: 'admin@demo.hackclass.test', name: 'Ada Admin' };
export const demoTeacher: DemoPerson = {
  email: 'teacher@demo.hackclass.test',
  name: 'Grace Teacher',
};
/** Co-teaches the Crypto Club with the teacher. */
export const demoCoTeacher: DemoPerson = {
  email: 'coteacher@demo.hackclass.test',
  name: 'Linus Coteacher',
};

export const demoStudents: DemoPerson[] = [
  { email: 'alice@demo.hackclass.test', name: 'Alice Nakamura' },
  { email: 'bruno@demo.hackclass.test', name: 'Bruno Silva' },
  { email: 'chloe@demo.hackclass.test', name: 'Chloé Martin' },
  { email: 'dev@demo.hackclass.test', name: 'Dev Patel' },
  { email: 'emma@demo.hackclass.test', name: 'Emma Johansson' },
  { email: 'farid@demo.hackclass.test', name: 'Farid Haddad' },
  { email: 'grace@demo.hackclass.test', name: 'Grace Okafor' },
  { email: 'hugo@demo.hackclass.test', name: 'Hugo Schmidt' },
];

export interface DemoLab {
  key: string;
  name: string;
  difficulty: LabDifficulty;
  category: LabCategory;
  points: number;
  description: string;
  flag: string;
  caseSensitive: boolean;
  /** Exact unless said; a regex flag is matched whole, and `answer` is what the demo submits. */
  flagKind?: FlagKind;
  answer?: string;
  /** Dynamic scoring: `points` fall to `minimumPoints` after `decay` solves in a classroom. */
  dynamic?: { minimumPoints: number; decay: number };
  hints?: { content: string; cost: number }[];
  file?: { name: string; content: string };
}

export const demoLabs: DemoLab[] = [
  {
    key: 'sqli',
    name: 'SQL Injection 101',
    difficulty: 'Easy',
    category: 'Web',
    points: 100,
    description:
      '## Log in as admin\n\nThe login form of the training shop builds its query from your ' +
      'input. Get in as `admin` without the password and read the flag on the dashboard.',
    flag: 'HC{or_1_equals_1}',
    caseSensitive: true,
    hints: [
      { content: 'What does a single quote do to a string literal?', cost: 0 },
      {
        content: 'Close the string, then make the `WHERE` clause always true: `OR 1=1 --`',
        cost: 30,
      },
    ],
  },
  {
    key: 'cookies',
    name: 'Cookie Monster',
    difficulty: 'Easy',
    category: 'Web',
    points: 150,
    description:
      '## Who are you, really?\n\nThe site remembers your role in a cookie. Look at it, ' +
      'understand its encoding and become a teacher.',
    flag: 'HC{never_trust_the_client}',
    caseSensitive: true,
  },
  {
    key: 'caesar',
    name: "Caesar's Secret",
    difficulty: 'Easy',
    category: 'Crypto',
    points: 100,
    description:
      '## Rotate your thinking\n\nDecrypt `UP{uryyb_pnrfne}`: Caesar shifted it by 13. The flag is ' +
      'accepted in any case.',
    flag: 'HC{hello_caesar}',
    caseSensitive: false,
  },
  {
    key: 'xor',
    name: 'XOR Marks the Spot',
    difficulty: 'Medium',
    category: 'Crypto',
    points: 250,
    description:
      '## Single-byte XOR\n\nThe attached file was XOR-ed with one byte. Find the key by ' +
      'frequency analysis and read the message.',
    flag: 'HC{frequency_wins}',
    caseSensitive: true,
    hints: [
      {
        content: 'In English text the most frequent byte is usually the space (`0x20`).',
        cost: 50,
      },
    ],
    file: {
      name: 'ciphertext.hex',
      content: '0e323f7a313f237a2d3b297a35343f7a38232e3f747a1219213c283f2b2f3f343923052d33342927\n',
    },
  },
  {
    key: 'pcap',
    name: 'Packet Detective',
    difficulty: 'Medium',
    category: 'Networking',
    points: 300,
    description:
      '## Follow the stream\n\nSomeone logged in over plain HTTP. The notes describe the ' +
      'capture; find the credentials they sent.',
    flag: 'HC{plaintext_is_public}',
    caseSensitive: true,
    file: {
      name: 'capture-notes.txt',
      content:
        'Capture of 2026-11-02, 10:14-10:16, interface eth0.\n' +
        'POST /login HTTP/1.1  Host: intranet.local\n' +
        'Authorization: Basic aW50ZXJuOkhDe3BsYWludGV4dF9pc19wdWJsaWN9\n',
    },
  },
  {
    key: 'jwt',
    name: 'None Shall Pass',
    difficulty: 'Medium',
    category: 'Web',
    points: 400,
    description:
      '## Trust the token?\n\nThe API accepts JSON Web Tokens. Forge one that makes you an ' +
      'admin; the flag it answers ends with four hex digits of your own. The first to find it ' +
      'earns the most: its points fall with every solve.',
    flag: 'HC\\{alg_none_[0-9a-f]{4}\\}',
    flagKind: 'regex',
    answer: 'HC{alg_none_7c2e}',
    caseSensitive: true,
    dynamic: { minimumPoints: 100, decay: 4 },
  },
  {
    key: 'overflow',
    name: 'Buffer Overflow Basics',
    difficulty: 'Hard',
    category: 'Binary exploitation',
    points: 500,
    description:
      '## Smash the stack\n\nThe service copies your name into a 32-byte buffer with ' +
      '`strcpy`. Overwrite the return address to reach `win()`.',
    flag: 'HC{return_to_win}',
    caseSensitive: true,
  },
];

/** A classroom lab's schedule, in days from the seeding, and the labs it requires. */
export interface DemoSchedule {
  opensInDays?: number;
  dueInDays?: number;
  latePercent?: number;
  requires?: string[];
}

export interface DemoClassroom {
  name: string;
  description: string;
  /** In the order they are added: a lab comes after those it requires. */
  labs: string[];
  schedules: Record<string, DemoSchedule>;
  coTeachers: DemoPerson[];
  /** Markdown, oldest first. */
  announcements: string[];
  /** Hints members opened (by position) just before solving their lab. */
  hintsUnlocked: { student: string; lab: string; hint: number }[];
  /** Students who joined by code and were approved, in order of joining. */
  members: string[];
  /** Students invited by the teacher who have not answered yet. */
  invited: string[];
  /** Students who asked to join and wait for the teacher. */
  pending: string[];
  /** Who solved which labs, in the order they solved them; wrong guesses come first. */
  solves: { student: string; lab: string; wrongGuesses: number }[];
}

export const demoClassrooms: DemoClassroom[] = [
  {
    name: 'Web Security 101',
    description: 'Injection, sessions and the browser: the first steps of web application testing.',
    labs: ['sqli', 'cookies', 'pcap', 'jwt'],
    schedules: {
      pcap: { dueInDays: 3, latePercent: 50, requires: ['sqli'] },
      jwt: { dueInDays: 7 },
    },
    coTeachers: [],
    announcements: [
      'Welcome! Start with **SQL Injection 101**: *Packet Detective* opens once you solved it.',
      'Reminder: **Packet Detective** is due in three days. Late solves earn half the points.',
    ],
    hintsUnlocked: [
      { student: 'alice', lab: 'sqli', hint: 0 },
      { student: 'alice', lab: 'sqli', hint: 1 },
      { student: 'chloe', lab: 'sqli', hint: 0 },
    ],
    members: ['alice', 'bruno', 'chloe', 'dev', 'emma'],
    invited: ['farid'],
    pending: ['hugo'],
    solves: [
      { student: 'alice', lab: 'sqli', wrongGuesses: 1 },
      { student: 'bruno', lab: 'sqli', wrongGuesses: 0 },
      { student: 'alice', lab: 'cookies', wrongGuesses: 2 },
      { student: 'chloe', lab: 'sqli', wrongGuesses: 3 },
      { student: 'dev', lab: 'cookies', wrongGuesses: 0 },
      { student: 'alice', lab: 'pcap', wrongGuesses: 1 },
      { student: 'bruno', lab: 'cookies', wrongGuesses: 1 },
      { student: 'emma', lab: 'sqli', wrongGuesses: 2 },
      { student: 'dev', lab: 'jwt', wrongGuesses: 1 },
      { student: 'alice', lab: 'jwt', wrongGuesses: 0 },
    ],
  },
  {
    name: 'Crypto Club',
    description: 'Classical ciphers to modern mistakes: break them to understand them.',
    labs: ['caesar', 'xor', 'overflow'],
    schedules: {
      xor: { dueInDays: -4, latePercent: 50, requires: ['caesar'] },
      overflow: { opensInDays: 2, dueInDays: 16 },
    },
    coTeachers: [demoCoTeacher],
    announcements: [
      '*XOR Marks the Spot* was due this week: late solves still earn **50%**.',
      'Next up: **Buffer Overflow Basics** opens in two days.',
    ],
    hintsUnlocked: [{ student: 'grace', lab: 'xor', hint: 0 }],
    members: ['grace', 'hugo', 'alice', 'farid'],
    invited: [],
    pending: ['emma'],
    solves: [
      { student: 'grace', lab: 'caesar', wrongGuesses: 0 },
      { student: 'hugo', lab: 'caesar', wrongGuesses: 1 },
      { student: 'grace', lab: 'xor', wrongGuesses: 4 },
      { student: 'farid', lab: 'caesar', wrongGuesses: 2 },
      { student: 'hugo', lab: 'xor', wrongGuesses: 1 },
    ],
  },
];

/** The local part of a demo student's email names them in the tables above. */
export const studentKey = (person: DemoPerson) => person.email.split('@')[0] ?? person.email;
