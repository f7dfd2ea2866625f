import type { SignInProvider } from '@hackclass/contracts';
import { Modal } from '@mantine/core';
import { useSaveSignInProvider } from '../api/save-sign-in-provider';
import { ProviderForm } from './provider-form';

interface ProviderFormModalProps {
  opened: boolean;
  /** The provider to edit; `null` adds one. */
  provider: SignInProvider | null;
  takenIds: readonly string[];
  onClose: () => void;
}

/** Adding or editing a provider, in a dialog that closes once the server has it. */
export function ProviderFormModal({ opened, provider, takenIds, onClose }: ProviderFormModalProps) {
  const save = useSaveSignInProvider();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={provider ? `Edit ${provider.displayName}` : 'Add a provider'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <ProviderForm
        // A fresh form for each provider, and for each new one.
        key={provider?.id ?? 'new'}
        provider={provider}
        takenIds={takenIds}
        pending={save.isPending}
        onCancel={onClose}
        onSubmit={(input, onError) => save.mutate(input, { onSuccess: onClose, onError })}
      />
    </Modal>
  );
}
