import { IconChalkboard, IconSchool, IconServer } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import type { InfoCard } from './types';

const help = paths.helpCenter.getHref();
const forgot = paths.passwordForgot.getHref();

/** Who to ask for help, by role. */
export const supportAudiences: (InfoCard & { id: string })[] = [
  {
    id: 'students',
    Icon: IconSchool,
    title: 'Students',
    body: [
      'Ask your teacher first: they run your classroom, approve members and wrote the labs, so they can answer most questions, from a stuck lab to a missing invitation.',
      {
        list: [
          `Forgot your password? Use [Forgot password](${forgot}); the link arrives by email and works for an hour.`,
          `No verification email? Sign in to send it again, and see [the help centre](${help}#verify-email).`,
          'Invitation not showing? Make sure you signed up with the address your teacher invited.',
        ],
      },
    ],
  },
  {
    id: 'teachers',
    Icon: IconChalkboard,
    title: 'Teachers',
    body: [
      `Check [the help centre](${help}) first: classrooms, labs, flags and the leaderboard are explained there. If something still looks wrong, report it to your school’s or organisation’s HackClass operator, with:`,
      {
        list: [
          'what you did, what you expected and what happened instead, with the exact message;',
          'the date and time it happened, as closely as you can;',
          'the classroom (and lab) concerned;',
          'your browser and its version, and a screenshot if you can.',
        ],
      },
    ],
  },
  {
    id: 'operators',
    Icon: IconServer,
    title: 'Operators',
    body: [
      {
        list: [
          'Logs are structured JSON, one line per event with its level, time and message; request lines carry a request id. Match a report to its lines by time, with a tool such as `jq`. `LOG_LEVEL` sets how much is written.',
          '`GET /readyz` tells you whether the server can reach its database (200) or not (503); `GET /healthz` only that the process is alive.',
          'Data lives in `DATA_DIR` (`./data`): the embedded database, uploaded files and the development mail outbox. With `DATABASE_URL` set, the database is in PostgreSQL instead.',
          'To restart safely, send SIGTERM (or press Ctrl+C): the server stops taking connections, finishes requests in flight and closes the database. Then start it again; migrations apply by themselves.',
          'A start that fails names the cause in one line, such as a wrong variable or a `DATA_DIR` that another HackClass process still holds.',
        ],
      },
      `More in the [operators’ section of the help centre](${help}#operators).`,
    ],
  },
];

/** How to report a security issue in the instance. */
export const securityReport = {
  title: 'Report a security issue',
  body: [
    'Found a vulnerability in HackClass itself, or in the server it runs on, rather than in a lab? Report it privately to your school’s or organisation’s HackClass operator, not in a classroom or in public.',
    {
      list: [
        'Describe what you found and the steps to reproduce it.',
        'Do not access, change or delete data that is not yours, and stop once you have shown the problem.',
        'Give the operator time to fix it before telling anyone else.',
      ],
    },
    'Operators: thank the reporter, fix or mitigate, and let them know when it is done.',
  ],
} satisfies { title: string; body: InfoCard['body'] };
