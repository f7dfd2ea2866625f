import { IconSchool } from '@tabler/icons-react';
import type { HelpSection } from './types';

export const classrooms: HelpSection = {
  id: 'classrooms',
  title: 'Classrooms',
  description: 'Membership, visibility, and how teachers manage who is in.',
  Icon: IconSchool,
  groups: [
    {
      articles: [
        {
          id: 'membership-states',
          question: 'What do Invited, Pending approval and Accepted mean?',
          answer: [
            {
              list: [
                'Invited: the teacher invited your email address. Accept the invitation to become a member, or decline it.',
                'Pending approval: you joined with the classroom code. The teacher (or an admin) accepts you, and you are in.',
                'Accepted: you are a member. You see the classroom’s labs, submit flags and appear on its leaderboard.',
              ],
            },
            'Joining by code when you were already invited accepts you at once, and a teacher who invites someone already waiting for approval accepts them.',
          ],
        },
        {
          id: 'who-sees-what',
          question: 'Who can see a classroom?',
          answer: [
            {
              list: [
                'Accepted members see the classroom, its labs, its members and its leaderboard.',
                'Someone invited, or waiting for approval, sees only a summary of the classroom until they are accepted.',
                'Teachers see the classrooms they created and those they are an accepted member of.',
                'Admins see every classroom of the instance.',
              ],
            },
            'Flags stay hidden from everyone except the lab’s creator and the admins.',
          ],
        },
        {
          id: 'leave-classroom',
          question: 'How do I leave a classroom?',
          answer: [
            'Any member can take themself out: decline an invitation, withdraw a request to join, or leave a classroom you were accepted into. To come back, you need the code or a new invitation.',
          ],
        },
        {
          id: 'remove-member',
          question: 'How do I accept or remove members?',
          answer: [
            'On the classroom’s members page, the teacher who runs it (or an admin) sees everyone with their status, can filter by status and search by name, accepts pending requests and removes members. Removing someone takes them off the leaderboard of that classroom.',
          ],
        },
        {
          id: 'regenerate-code',
          keywords: 'new join code reset change',
          question: 'Our join code leaked. Can I change it?',
          answer: [
            'Yes. In the classroom’s settings the teacher can regenerate the join code. The old code stops working at once; members already in stay in, and requests already sent stay pending until you decide on them.',
          ],
        },
        {
          id: 'edit-classroom',
          question: 'Can I edit or delete a classroom?',
          answer: [
            'The teacher who created a classroom, and admins, can change its name, description, teacher name and image in its settings, or delete it. Deleting a classroom removes its memberships and leaderboard; the labs themselves stay, ready for another classroom.',
          ],
        },
      ],
    },
  ],
};
