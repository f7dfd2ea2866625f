import { Alert } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useCurrentUser } from '../hooks/use-current-user';

/**
 * Shown on every signed-in page to someone who signed up as a teacher where an admin approves
 * new teachers, until that happens.
 */
export function TeacherApprovalNotice() {
  const { user } = useCurrentUser();
  if (!user?.awaitingTeacherApproval) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconHourglass size={20} aria-hidden />}
      title="Your teacher account is awaiting approval"
      mb="lg"
    >
      An admin of this HackClass approves new teachers. Until then you can join classrooms and solve
      labs as a student; you will get a notification once you can create classrooms and labs.
    </Alert>
  );
}
