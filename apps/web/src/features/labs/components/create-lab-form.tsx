import type { Lab } from '@hackclass/contracts';
import { useCreateLab } from '../api/create-lab';
import { flagRow } from './flags-input';
import { LabForm, type LabFormPart, type LabFormValues } from './lab-form';
import { scoringValuesOf } from './scoring-input';

interface CreateLabFormProps {
  onCreated(lab: Lab): void;
  onCancel(): void;
  /** A part another feature brings, e.g. the live target. */
  part?: LabFormPart;
}

/** The form's values for a new lab, as the create page starts it. */
export const emptyLab = (): LabFormValues => ({
  name: '',
  difficulty: '',
  category: '',
  points: 100,
  ...scoringValuesOf(),
  description: '',
  flags: [flagRow()],
  hints: [],
  files: [],
  removeFileIds: [],
});

/** A new lab: the lab form, empty but for one flag row. */
export function CreateLabForm({ onCreated, onCancel, part }: CreateLabFormProps) {
  const createLab = useCreateLab();
  return (
    <LabForm
      initialValues={emptyLab()}
      submitLabel="Create lab"
      pending={createLab.isPending}
      save={(input, _removeFileIds, upload) => createLab.mutateAsync({ ...input, upload })}
      onSaved={onCreated}
      onCancel={onCancel}
      part={part}
    />
  );
}
