import { IconUserPlus } from '@tabler/icons-react';
import { EmailForm } from '@/components/form/email-form';
import { toast } from '@/components/toast/toast';
import { isApiError } from '@/lib/errors';
import { useAddCoTeacher } from '../api/add-co-teacher';

const addErrorMessage = (error: unknown) => {
  if (isApiError(error)) return error.errors.email?.[0] ?? error.detail ?? error.title;
  return 'Could not add the co-teacher. Please try again.';
};

export function AddCoTeacherForm({ classroomId }: { classroomId: string }) {
  const add = useAddCoTeacher(classroomId);
  return (
    <EmailForm
      name="Add a co-teacher"
      label="Add a teacher by email"
      placeholder="teacher@example.org"
      icon={<IconUserPlus size={16} aria-hidden />}
      submitLabel="Add"
      pending={add.isPending}
      onSubmit={(email, { reset, fail }) =>
        add.mutate(email, {
          onSuccess: (coTeacher) => {
            reset();
            toast.success(
              'Co-teacher added',
              `${coTeacher.name} now runs this classroom with you.`,
            );
          },
          onError: (error) => fail(addErrorMessage(error)),
        })
      }
    />
  );
}
