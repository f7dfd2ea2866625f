import {
  IconDatabase,
  IconDownload,
  IconFileZip,
  IconFlag,
  IconMailPlus,
  IconSchool,
  IconShieldLock,
  IconTerminal2,
  IconTrendingUp,
  IconTrophy,
  IconUsersPlus,
  type TablerIcon,
} from '@tabler/icons-react';

export interface Feature {
  Icon: TablerIcon;
  title: string;
  description: string;
}

export interface Audience {
  id: string;
  eyebrow: string;
  title: string;
  description: string;
  features: Feature[];
}

const teachers: Audience = {
  id: 'teachers',
  eyebrow: 'For teachers',
  title: 'Run the class, not the infrastructure',
  description:
    'Set up a course in minutes, bring your students in, and give them labs that reward real skill.',
  features: [
    {
      Icon: IconSchool,
      title: 'Classrooms',
      description:
        'One classroom per course or group. Accept who asks to join, remove who leaves, and see every member in one list.',
    },
    {
      Icon: IconMailPlus,
      title: 'Invite by email or join code',
      description:
        'Send invitations to a list of addresses, or share a classroom code that students type in themselves.',
    },
    {
      Icon: IconFileZip,
      title: 'Labs with files',
      description:
        'Write a hacking lab once (brief, downloadable files, flag and points) and add it to any of your classrooms.',
    },
    {
      Icon: IconTrophy,
      title: 'Leaderboard',
      description:
        'Every accepted flag earns points, and each classroom ranks its members. Friendly competition does the rest.',
    },
  ],
};

const students: Audience = {
  id: 'students',
  eyebrow: 'For students',
  title: 'Learn security by breaking things, safely',
  description: 'Everything you need for a lab is one click away, and progress is there to see.',
  features: [
    {
      Icon: IconUsersPlus,
      title: 'Join',
      description:
        'Enter the code your teacher gives you, or accept the invitation that arrives by email.',
    },
    {
      Icon: IconDownload,
      title: 'Download lab files',
      description:
        'Each lab comes with its brief and the files to work on: binaries, packet captures, source code, images.',
    },
    {
      Icon: IconFlag,
      title: 'Submit flags',
      description:
        'Found the secret? Paste the flag. It is checked at once and the lab’s points are yours.',
    },
    {
      Icon: IconTrendingUp,
      title: 'Climb the leaderboard',
      description:
        'Watch your rank rise with every solved lab and see how you compare with your classmates.',
    },
  ],
};

const operators: Audience = {
  id: 'operators',
  eyebrow: 'For operators',
  title: 'Yours to host, from a laptop to a cluster',
  description:
    'HackClass is self-hosted from top to bottom. Start small and grow without changing tools.',
  features: [
    {
      Icon: IconTerminal2,
      title: 'One command, one machine',
      description:
        'npm start runs the web app, the API and sign-in as one process on one port, with an embedded database. Nothing else to set up.',
    },
    {
      Icon: IconDatabase,
      title: 'PostgreSQL and SMTP when it grows',
      description:
        'Point it at PostgreSQL and your mail server, keep uploads in the database, add Redis, and run several replicas behind a load balancer.',
    },
    {
      Icon: IconShieldLock,
      title: 'Self-hosted identity',
      description:
        'Accounts, passwords, email verification and password resets live on your server. No third-party sign-in, no student data leaving it.',
    },
  ],
};

export const audiences = [teachers, students, operators];
