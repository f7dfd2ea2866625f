import { IconServer } from '@tabler/icons-react';
import type { HelpSection } from './types';

export const operators: HelpSection = {
  id: 'operators',
  title: 'Running HackClass',
  description: 'For the person who hosts the instance: start, configure, watch and back up.',
  Icon: IconServer,
  groups: [
    {
      articles: [
        {
          id: 'operator-start',
          keywords: 'install run launch self-host docker',
          question: 'How do I start HackClass?',
          answer: [
            'With Node.js 20.19 or newer and npm, run `npm start` in a copy of the project. It installs, builds and serves everything (web app, API and sign-in) as one process on http://localhost:3000, with an embedded database. Nothing else to set up.',
            'It listens on 127.0.0.1 by default. To serve other machines, set `HOST` (for example `0.0.0.0`), `PORT`, and `PUBLIC_URL` to the address people use, so links in emails point there.',
          ],
        },
        {
          id: 'operator-configure',
          question: 'How is it configured?',
          answer: [
            'With environment variables, or a `.env` file in the working directory; `.env.example` lists them all. Each value is checked at start, and a wrong one stops the start with a message naming the variable.',
          ],
        },
        {
          id: 'operator-data-dir',
          question: 'Where does my data live?',
          answer: [
            'Under `DATA_DIR` (`./data` by default): the embedded database, uploaded classroom images and lab files (in `files`; with PostgreSQL they live in the database, shared by every replica), and the development mail outbox. The embedded database allows one process per folder, so the server locks it; a second server on the same folder stops with a clear message.',
          ],
        },
        {
          id: 'operator-postgres',
          question: 'How do I move to PostgreSQL?',
          answer: [
            'Set `DATABASE_URL` to a PostgreSQL connection string, for example `postgres://hackclass:secret@db:5432/hackclass`. Migrations run at start, under a lock so replicas starting together do not race.',
          ],
        },
        {
          id: 'operator-mail',
          keywords: 'email smtp mailer outbox',
          question: 'How do I send real email?',
          answer: [
            'Set `SMTP_URL` (`smtp://user:pass@host:port`) and `MAIL_FROM`. Without them, mail goes to a development outbox under `DATA_DIR` (`outbox`, one `.eml` file per message, named in the log), which is handy for trying HackClass out but means nobody receives verification or reset emails.',
          ],
        },
        {
          id: 'operator-scale',
          question: 'How do I run several servers?',
          answer: [
            'Point every replica at the same PostgreSQL with `DATABASE_URL`, set `REDIS_URL` so rate limits and live events are shared, and put them behind a load balancer with `TRUST_PROXY` set so client addresses are read correctly. Give every replica the same `IDENTITY_KEY_SECRET`: the identity service seals its signing keys with it, and a replica with another one refuses to start. The product API and the identity service can also run as separate processes.',
          ],
        },
        {
          id: 'operator-teachers',
          keywords: 'quota storage approval teacher limits abuse',
          question: 'Who may create classrooms and labs, and how much?',
          answer: [
            'Anyone may sign up as a teacher. Set `TEACHER_APPROVAL=true` to have new teachers wait, as students, until an admin approves them on the users page. Each teacher’s labs, classrooms and lab files are limited by `QUOTA_LABS`, `QUOTA_CLASSROOMS` and `QUOTA_FILES_MB` (admins have no quota), and each file by `UPLOAD_FILE_MAX_MB`.',
          ],
        },
        {
          id: 'operator-admins',
          question: 'How do I make someone an admin?',
          answer: [
            'List their email addresses in `ADMIN_EMAILS`, separated by commas. It takes effect once that address is verified, so nobody can claim it by signing up with it first. An admin can then change other people’s roles.',
          ],
        },
        {
          id: 'operator-health',
          keywords: 'monitoring uptime probe liveness readiness kubernetes',
          question: 'How do I check that it is healthy?',
          answer: [
            '`GET /healthz` answers 200 while the process is alive. `GET /readyz` answers 200 when the database answers too, and 503 while it does not. Use the first for liveness and the second for readiness checks.',
          ],
        },
        {
          id: 'operator-backup',
          keywords: 'backup backups restore snapshot',
          question: 'How do I back it up?',
          answer: [
            {
              list: [
                'Embedded database: stop the server, copy the whole `DATA_DIR`, start it again. Copying the folder while the server runs can give a broken copy.',
                'PostgreSQL: back up the database with your usual tools (for example `pg_dump`), and the uploaded files under `DATA_DIR/files` with it. Keep `IDENTITY_KEY_SECRET` (or `DATA_DIR/identity-key-secret` when it is unset) apart from the backup: the signing keys in the database open only with it.',
              ],
            },
            'Restore into a fresh `DATA_DIR` or database and try the copy from time to time.',
          ],
        },
      ],
    },
  ],
};
