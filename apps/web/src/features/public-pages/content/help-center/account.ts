import { IconUserCircle } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import type { HelpSection } from './types';

const forgot = paths.passwordForgot.getHref();
const security = paths.profileSecurity.getHref();
const support = paths.support.getHref();

export const account: HelpSection = {
  id: 'account',
  title: 'Your account',
  description:
    'Signing in, email verification, passwords, deleting your account and how HackClass looks.',
  Icon: IconUserCircle,
  groups: [
    {
      articles: [
        {
          id: 'verify-email',
          keywords: 'verification confirm activate email spam',
          question: 'I did not get the verification email. What now?',
          answer: [
            'The link in the verification email works for 24 hours. If it has not arrived after a few minutes, look in your spam folder, then sign in: HackClass shows the verify-email page, where you can have the email sent again.',
            'If a link says it is invalid, it has expired or was already used; send a new one. Still nothing? Mail may not be set up on your instance yet: ask your school’s or organisation’s HackClass operator.',
          ],
        },
        {
          id: 'reset-password',
          keywords: 'reset login sign in lost password',
          question: 'I forgot my password.',
          answer: [
            `Open [Forgot password](${forgot}) and enter your email. If an account uses it, a reset link arrives by email; it works once, for one hour. Choose a new password of at least 8 characters.`,
            'For privacy, the page answers the same whether or not the address has an account, so nobody can use it to find out who is registered.',
          ],
        },
        {
          id: 'change-password',
          question: 'How do I change my password?',
          answer: [
            `Signed in, open [Profile › Security](${security}) and choose a new password. Changing or resetting your password ends your sessions on other devices: they have to sign in again.`,
            'HackClass mails you when your password is changed. If you did not change it, reset it at once with the link in that mail.',
          ],
        },
        {
          id: 'delete-account',
          keywords: 'remove close erase account data privacy',
          question: 'How do I delete my account?',
          answer: [
            `Open [Profile › Security](${security}), choose Delete account, enter your password and type your email address to confirm. Your account is deleted at once and you are signed out everywhere.`,
            'Your classroom memberships, solved labs, submitted flags and notifications are deleted with it: you leave every leaderboard, as when you leave a classroom, and the others move up. Classrooms and hacking labs you created as a teacher stay for their students, with no owner; an admin can edit or delete them, so delete them yourself first if they should go too.',
            'You can sign up again later with the same email address; you start afresh.',
          ],
        },
        {
          id: 'too-many-attempts',
          question: 'It says there were too many attempts.',
          answer: [
            'After several failed sign-ins, HackClass pauses attempts for that account and from that network for a while, to stop password guessing. Wait a few minutes, then try again, or reset your password.',
          ],
        },
        {
          id: 'colour-mode',
          keywords: 'color dark mode light theme',
          question: 'Can I use a dark theme?',
          answer: [
            'Yes. The Colour mode button in the header offers System, Light and Dark. System follows your device’s setting. Your choice is saved in this browser.',
          ],
        },
        {
          id: 'account-error',
          question: 'I see “An error occurred. Please try again or contact support.”',
          answer: [
            `Something failed on the way to the server. Reload the page and try once more; if it keeps happening, see [Support](${support}) for who to ask and what to tell them.`,
          ],
        },
      ],
    },
  ],
};
