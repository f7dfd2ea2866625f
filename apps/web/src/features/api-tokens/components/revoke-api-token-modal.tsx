import type { ApiToken } from '@hackclass/contracts';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { toast } from '@/components/toast/toast';
import { problemText } from '@/lib/problem-text';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { isExpired } from '../utils/token-facts';

interface RevokeApiTokenModalProps {
  /** The token to revoke; the modal is open while there is one. */
  token: ApiToken | null;
  onClose: () => void;
  asAdmin?: boolean;
}

/** Asks before a token is revoked: what uses it stops working at its next request. */
export function RevokeApiTokenModal({ token, onClose, asAdmin = false }: RevokeApiTokenModalProps) {
  const revoke = useRevokeApiToken();
  const expired = token !== null && isExpired(token);
  return (
    <ConfirmModal
      opened={token !== null}
      title={expired ? 'Remove the expired token' : 'Revoke the token'}
      confirmLabel={expired ? 'Remove' : 'Revoke'}
      loading={revoke.isPending}
      onClose={onClose}
      onConfirm={() =>
        token &&
        revoke.mutate(
          { tokenId: token.id, asAdmin },
          {
            onSuccess: () => {
              toast.success(
                expired ? 'Token removed' : 'Token revoked',
                `“${token.name}” is gone.`,
              );
              onClose();
            },
            onError: (failure) => {
              toast.error('Could not revoke the token', problemText(failure));
              onClose();
            },
          },
        )
      }
    >
      {token &&
        (expired
          ? `Remove “${token.name}” from the list? It expired and works no more.`
          : `Revoke “${token.name}”? Whatever uses it is refused from its next request, and it cannot be brought back.`)}
    </ConfirmModal>
  );
}
