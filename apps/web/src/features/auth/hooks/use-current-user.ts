import { useMe } from '../api/get-me';
import { useAccount } from './use-session';

/** The current user: the identity account and the product user from `GET /users/me`. */
export function useCurrentUser() {
  const account = useAccount();
  const me = useMe(account?.uid);
  return { account, user: account ? me.data : undefined, isPending: !!account && me.isPending };
}
