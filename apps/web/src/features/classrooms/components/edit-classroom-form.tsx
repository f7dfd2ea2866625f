import type { Classroom } from '@hackclass/contracts';
import { toast } from '@/components/toast/toast';
import { useClassroomImage } from '../api/get-classroom-image';
import { useUpdateClassroom } from '../api/update-classroom';
import { ClassroomForm } from './classroom-form';

export function EditClassroomForm({ classroom }: { classroom: Classroom }) {
  const update = useUpdateClassroom(classroom.id);
  const { src } = useClassroomImage(classroom.imageUrl);
  return (
    <ClassroomForm
      // A new key after a save starts the form from the saved values.
      key={classroom.imageUrl ?? classroom.id}
      initialValues={{
        name: classroom.name,
        description: classroom.description,
        teacherName: classroom.teacherName,
      }}
      currentImageSrc={src}
      submitLabel="Save changes"
      pending={update.isPending}
      onSubmit={(input, onError, upload) =>
        update.mutate(
          { ...input, upload },
          { onSuccess: () => toast.success('Classroom saved'), onError },
        )
      }
    />
  );
}
