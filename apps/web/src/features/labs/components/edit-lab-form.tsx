import type { Lab } from '@hackclass/contracts';
import { useUpdateLab } from '../api/update-lab';
import { flagRow } from './flags-input';
import { hintRow } from './hints-input';
import { LabForm, type LabFormPart } from './lab-form';
import { scoringValuesOf } from './scoring-input';

interface EditLabFormProps {
  /** The lab as its creator or an admin gets it: with its flags. */
  lab: Lab & { flags: NonNullable<Lab['flags']> };
  onSaved(lab: Lab): void;
  onCancel(): void;
  /** A part another feature brings, e.g. the live target. */
  part?: LabFormPart;
}

/** The lab form filled with the lab; saving replaces its flags and adds or removes files. */
export function EditLabForm({ lab, onSaved, onCancel, part }: EditLabFormProps) {
  const updateLab = useUpdateLab();
  return (
    <LabForm
      initialValues={{
        name: lab.name,
        difficulty: lab.difficulty,
        category: lab.category,
        points: lab.points,
        ...scoringValuesOf(lab),
        description: lab.description,
        // A lab whose targets hand out their own flags may have none: one empty row to fill.
        flags: lab.flags.length
          ? lab.flags.map((flag) => flagRow(flag.value, !flag.caseSensitive, flag.kind))
          : [flagRow()],
        hints: (lab.hints ?? []).map(hintRow),
        files: [],
        removeFileIds: [],
      }}
      existingFiles={lab.files}
      submitLabel="Save changes"
      pending={updateLab.isPending}
      save={(input, removeFileIds, upload) =>
        updateLab.mutateAsync({ ...input, id: lab.id, removeFileIds, upload })
      }
      onSaved={onSaved}
      onCancel={onCancel}
      part={part}
    />
  );
}
