import { IconRocket } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import type { HelpSection } from './types';

const signup = paths.signup.getHref();
const classrooms = paths.classrooms.getHref();
const labs = paths.hackingLabs.getHref();
const createLab = paths.hackingLabCreate.getHref();

export const gettingStarted: HelpSection = {
  id: 'getting-started',
  title: 'Getting started',
  description: 'From a new account to a class at work, for teachers and for students.',
  Icon: IconRocket,
  groups: [
    {
      title: 'For teachers',
      articles: [
        {
          id: 'teacher-sign-up',
          keywords: 'register signup account teacher',
          question: 'How do I create a teacher account?',
          answer: [
            `Open [Sign up](${signup}), enter your name, email and a password of at least 8 characters, and choose the teacher role. Only teachers (and admins) can create classrooms and hacking labs.`,
            'HackClass then sends you a verification email. Open its link first: until your email is verified, signing in brings you back to a page that asks you to verify it.',
          ],
        },
        {
          id: 'teacher-create-classroom',
          question: 'How do I create a classroom?',
          answer: [
            `Go to [Classrooms](${classrooms}) and create one. A classroom has a name, a description, the teacher name your students see and an optional image (PNG, JPEG, WebP or GIF).`,
            'Create one classroom per course or group: each has its own members, its own labs and its own leaderboard.',
          ],
        },
        {
          id: 'teacher-add-students',
          question: 'How do I bring my students in?',
          answer: [
            'Either way works, and you can mix them:',
            {
              list: [
                'Share the join code. Every classroom has an 8-character code of capital letters and digits, without look-alikes such as O and 0 or I and 1. Students type it in (case does not matter) and appear as Pending approval until you accept them.',
                'Invite by email from the classroom’s members page. Invited students see the invitation when they sign in and accept it themselves. An address with no account yet waits until that person signs up and verifies the email.',
              ],
            },
          ],
        },
        {
          id: 'teacher-create-lab',
          question: 'How do I create a hacking lab?',
          answer: [
            `Go to [Hacking labs](${labs}) and [create a lab](${createLab}):`,
            {
              steps: [
                'Give it a name; its address (slug) is made from the name.',
                'Write the brief in Markdown: the story, what is in scope and what a flag looks like.',
                'Choose a difficulty (Easy, Medium, Hard or Insane), a category and the points it is worth (1 to 10 000).',
                'Attach the files students download: binaries, packet captures, source code, images.',
                'Set one or more flags, matched exactly or ignoring case. Only you and the admins ever see them.',
              ],
            },
          ],
        },
        {
          id: 'teacher-add-lab',
          question: 'How do I give a lab to a classroom?',
          answer: [
            'Open the lab from Hacking labs and add it to a classroom, or pick it from the classroom’s hacking labs page. One lab can serve several of your classrooms; each keeps its own solves and leaderboard.',
            'Removing a lab from a classroom takes it off that classroom’s list. Deleting the lab itself is for its creator or an admin.',
          ],
        },
      ],
    },
    {
      title: 'For students',
      articles: [
        {
          id: 'student-sign-up',
          keywords: 'register signup account student',
          question: 'How do I create a student account?',
          answer: [
            `Open [Sign up](${signup}), enter your name, email and a password of at least 8 characters, and choose the student role. Use the address your teacher knows, so their invitation finds you.`,
            'Then open the link in the verification email HackClass sends you. Classrooms and labs appear only once your email is verified.',
          ],
        },
        {
          id: 'student-join-code',
          question: 'How do I join a classroom with a code?',
          answer: [
            `Go to [Classrooms](${classrooms}) and enter the code your teacher gave you. Your request shows as Pending approval until the teacher accepts it; then the classroom, its labs and its leaderboard open up.`,
            'If your teacher had already invited you, joining by code accepts the invitation straight away.',
          ],
        },
        {
          id: 'student-accept-invitation',
          question: 'How do I accept an invitation?',
          answer: [
            `Sign in with the email address that was invited and open [Classrooms](${classrooms}): the invitation is listed there. Accept it to become a member, or decline it.`,
            'No invitation? Check that you signed up with the same address your teacher used, and that you verified it.',
          ],
        },
        {
          id: 'student-open-lab',
          question: 'How do I open a lab and get its files?',
          answer: [
            'Open your classroom and its hacking labs. Each lab shows its brief, difficulty, category, points and files. Files always download to your computer, never open in the browser, so work on them in the tools (or the virtual machine) your teacher asked you to use.',
            'When you find the flag, submit it on the lab. A correct flag adds the lab’s points to your score in that classroom.',
          ],
        },
      ],
    },
  ],
};
