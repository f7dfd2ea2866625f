import type { ClassroomLab } from '@hackclass/contracts';
import { Modal, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { FormActions } from '@/components/form/form-actions';
import { LabScheduleFields } from '@/components/form/lab-schedule-fields';
import { messages } from '@/config/messages';
import {
  emptySchedule,
  type ScheduleErrors,
  scheduleErrorsOf,
  scheduleRequestOf,
  scheduleValuesOf,
} from '@/lib/schedule-form';
import { useUpdateClassroomLab } from '../api/update-classroom-lab';

interface EditScheduleModalProps {
  classroomId: string;
  /** The lab whose schedule is edited; null: closed. */
  lab: ClassroomLab | null;
  labs: ClassroomLab[];
  onClose(): void;
}

/** Changes when a lab of the classroom opens and is due, its late credit and what opens it. */
export function EditScheduleModal({ classroomId, lab, labs, onClose }: EditScheduleModalProps) {
  const update = useUpdateClassroomLab(classroomId);
  const [values, setValues] = useState(emptySchedule);
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!lab) return;
    setValues(scheduleValuesOf(lab));
    setErrors({});
    setFailure(null);
  }, [lab]);

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (!lab) return;
    const checked = scheduleRequestOf(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    update.mutate(
      { labId: lab.id, body: checked.request },
      {
        onSuccess: onClose,
        onError: (error) => {
          const fields = scheduleErrorsOf(error);
          if (fields) setErrors(fields);
          else setFailure(messages.generic);
        },
      },
    );
  };

  return (
    <Modal
      opened={lab !== null}
      onClose={onClose}
      title={`Schedule of ${lab?.name ?? 'the lab'}`}
      size="lg"
    >
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <FormAlert message={failure} />
          <LabScheduleFields
            values={values}
            errors={errors}
            onChange={(change) => setValues((current) => ({ ...current, ...change }))}
            otherLabs={labs
              .filter((other) => other.id !== lab?.id)
              .map((other) => ({ value: other.id, label: other.name }))}
          />
          <FormActions submitLabel="Save schedule" pending={update.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
