import { Button, Group } from '@mantine/core';

interface FormActionsProps {
  submitLabel: string;
  /** The form is being sent: submit shows it, cancel waits. */
  pending: boolean;
  /** Without it there is no Cancel button. */
  onCancel?: () => void;
  /** Cancel stays enabled while sending, and stops it (a form that uploads files). */
  cancelAborts?: boolean;
}

/** A form's closing buttons, at its end: Cancel, then the submit button. */
export function FormActions({ submitLabel, pending, onCancel, cancelAborts }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={pending && !cancelAborts}>
          Cancel
        </Button>
      )}
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
