import type { Lab } from '@hackclass/contracts';
import { useUpdateLab } from '../api/update-lab';
import { flagRow } from './flags-input';
import { LabForm } from './lab-form';

interface EditLabFormProps {
  /** The lab as its creator or an admin gets it: with its flags. */
  lab: Lab & { flags: NonNullable<Lab['flags']> };
  onSaved(lab: Lab): void;
  onCancel(): void;
}

/** The lab form filled with the lab; saving replaces its flags and adds or removes files. */
export function EditLabForm({ lab, onSaved, onCancel }: EditLabFormProps) {
  const updateLab = useUpdateLab();
  return (
    <LabForm
      initialValues={{
        name: lab.name,
        difficulty: lab.difficulty,
        category: lab.category,
        points: lab.points,
        description: lab.description,
        flags: lab.flags.map((flag) => flagRow(flag.value, !flag.caseSensitive)),
        files: [],
        removeFileIds: [],
      }}
      existingFiles={lab.files}
      submitLabel="Save changes"
      pending={updateLab.isPending}
      save={(input, removeFileIds) =>
        updateLab.mutateAsync({ ...input, id: lab.id, removeFileIds })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}
