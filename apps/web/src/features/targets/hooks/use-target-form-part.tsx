import type { LabTarget } from '@hackclass/contracts';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { TargetSection } from '../components/target-section';
import {
  type TargetFormValues,
  targetApiErrors,
  targetField,
  targetFormErrors,
  targetFormValues,
} from '../utils/target-form';

/**
 * The "Live target" part of the lab form: its section, whether it makes the lab's flags
 * optional, its `target` field (null when something is to correct), and the API's errors that
 * are its own. `saved` is the lab's definition when editing.
 */
export function useTargetFormPart(saved: LabTarget | null) {
  const form = useForm<TargetFormValues>({
    initialValues: targetFormValues(saved),
    validate: targetFormErrors,
  });
  const [sectionError, setSectionError] = useState<string | null>(null);
  const values = form.getValues();

  return {
    node: (
      <TargetSection
        form={form}
        sectionError={sectionError}
        enginePresent={getRuntimeConfig().targets.enabled}
      />
    ),
    flagsOptional: values.enabled && values.flagMode === 'per-student',
    collect(): { target?: string } | null {
      setSectionError(null);
      if (form.validate().hasErrors) return null;
      return { target: targetField(form.getValues(), saved !== null) };
    },
    showErrors(errors: Record<string, string[]>): boolean {
      const { fields, section } = targetApiErrors(errors);
      form.setErrors(fields);
      setSectionError(section);
      return section !== null || Object.keys(fields).length > 0;
    },
  };
}
