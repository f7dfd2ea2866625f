import type { TargetKind } from '@hackclass/contracts';
import type { ApiDatabase } from '../db';
import { ensureDeployment } from '../targets/deployment';
import { cachedAccess } from './access-cache';
import {
  passCookie,
  passExpiry,
  signPass,
  TARGET_COOKIE,
  type TargetPass,
  verifyPass,
} from './cookie';
import { PAGES, type ProxyPage } from './pages';
import { targetAccessOf } from './target-access';
import { redeemTicket } from './tickets';

/** Where a let-through request goes: where the target's driver said HackClass reaches it. */
export interface Upstream {
  address: string;
  port: number;
}

/** Let through to `upstream` on `userId`'s pass, or refused with one of the proxy's pages. */
export type Admission = { upstream: Upstream; userId: string } | { refusal: ProxyPage };

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

  /** Where a holder of a valid pass goes: the target's port, while it runs and they may. */
  async function upstreamOf(pass: TargetPass, kind: TargetKind): Promise<Admission> {
    const access = await accessOf(pass.targetId, pass.userId);
    if (!access?.allowed) return { refusal: PAGES.noPass };
    const { state, reachHost, reachPort } = access;
    if (state !== 'running' || access.kind !== kind || !reachHost || !reachPort) {
      return { refusal: PAGES.notRunning };
    }
    return { upstream: { address: reachHost, port: reachPort }, userId: pass.userId };
  }

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
      return pass ? upstreamOf(pass, 'http') : { refusal: PAGES.noPass };
    },

    /** Whether a tunnel with this token (`Authorization: Bearer …`) reaches the TCP target. */
    async admitTunnel(token: string | undefined, targetId: string): Promise<Admission> {
      const pass = verifyPass(await secretOf(), token, Date.now(), 'tunnel');
      return pass?.targetId === targetId ? upstreamOf(pass, 'tcp') : { refusal: PAGES.noPass };
    },
  };
}

export type TargetGate = ReturnType<typeof targetGate>;
