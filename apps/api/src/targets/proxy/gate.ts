import type { ApiDatabase } from '../../db';
import { ensureDeployment } from '../deployment';
import { cachedAccess } from './access-cache';
import { passCookie, passExpiry, signPass, TARGET_COOKIE, verifyPass } from './cookie';
import { PAGES, type ProxyPage } from './pages';
import { targetAccessOf } from './target-access';
import { redeemTicket } from './tickets';

/** Where a let-through request goes: the target's published port, never a bridge address. */
export interface Upstream {
  address: string;
  port: number;
}

export type Admission = { upstream: Upstream } | { refusal: ProxyPage };

/** Every `hackclass_target` value of a Cookie header (a browser may hold more than one). */
function passValuesOf(cookieHeader: string | undefined): string[] {
  return (cookieHeader ?? '')
    .split(';')
    .map((cookie) => cookie.trim())
    .filter((cookie) => cookie.startsWith(`${TARGET_COOKIE}=`))
    .map((cookie) => cookie.slice(TARGET_COOKIE.length + 1));
}

/**
 * Who gets through to which target: exchanges tickets for cookies, and checks a request's
 * cookie, the target's state and the user's right to it (the last two cached for a moment).
 */
export function targetGate(db: ApiDatabase, { secure }: { secure: boolean }) {
  let secret: Promise<string> | undefined;
  const secretOf = () => {
    if (!secret) {
      secret = ensureDeployment(db).then(({ proxySecret }) => proxySecret);
      secret.catch(() => {
        secret = undefined;
      });
    }
    return secret;
  };
  const accessOf = cachedAccess((targetId, userId) => targetAccessOf(db, targetId, userId));

  return {
    /** The Set-Cookie for a valid ticket of this target, or undefined (refused). */
    async exchange(ticket: string, targetId: string): Promise<string | undefined> {
      const key = await secretOf();
      const userId = await redeemTicket(db, { ticket, targetId });
      if (!userId) return undefined;
      const expiresAt = passExpiry();
      return passCookie(signPass(key, { targetId, userId, expiresAt }), expiresAt, secure);
    },

    /** Whether a request with this Cookie header reaches the target, and where. */
    async admit(cookieHeader: string | undefined, targetId: string): Promise<Admission> {
      const key = await secretOf();
      const pass = passValuesOf(cookieHeader)
        .map((value) => verifyPass(key, value))
        .find((candidate) => candidate?.targetId === targetId);
      if (!pass) return { refusal: PAGES.noPass };
      const access = await accessOf(targetId, pass.userId);
      if (!access?.allowed) return { refusal: PAGES.noPass };
      const { state, kind, hostAddress, hostPort } = access;
      if (state !== 'running' || kind !== 'http' || !hostAddress || !hostPort) {
        return { refusal: PAGES.notRunning };
      }
      return { upstream: { address: hostAddress, port: hostPort } };
    },
  };
}

export type TargetGate = ReturnType<typeof targetGate>;
