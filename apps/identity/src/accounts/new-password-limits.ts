import type { IdentityContext } from '../context';
import { ProtocolError } from '../protocol/errors';
import { PASSWORD_CHANGES_PER_IP } from '../throttle/limits';
import { buckets, takeTurn } from '../throttle/throttle';

const tooMany = (what: string) => () =>
  new ProtocolError(
    'TOO_MANY_ATTEMPTS_TRY_LATER',
    `Too many ${what} from this address; try again later`,
  );

/** Each sign-up hashes a password: counted per client address, up to SIGNUP_LIMIT_PER_HOUR. */
export function countSignUp(ctx: IdentityContext, ip: string): Promise<void> {
  return takeTurn(ctx, tooMany('sign-ups'), {
    bucket: buckets.signUpIp(ip),
    limit: ctx.signUpLimit,
  });
}

/** Each password change or reset hashes a password: counted per client address. */
export function countPasswordChange(ctx: IdentityContext, ip: string): Promise<void> {
  return takeTurn(ctx, tooMany('password changes'), {
    bucket: buckets.passwordChangeIp(ip),
    limit: PASSWORD_CHANGES_PER_IP,
  });
}
