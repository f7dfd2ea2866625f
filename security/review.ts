/**
 * The first security review's findings (2026-11-24) and the tests that keep each one fixed;
 * the second review's (2026-11-28) are in `second-review.ts`. `review.test.ts`
 * checks that every finding names tests that still exist and that SECURITY.md lists every
 * finding; `npm run test:security` runs these files with the standing layers below.
 */
export interface GuardingTest {
  /** Path from the repository's root. */
  file: string;
  /** The test's title, or a literal part of it, exactly as written in the file. */
  title: string;
}

export interface Finding {
  /** The first review's findings are numbered 1 to 20; the second review's N-1 to N-18. */
  id: number | `N-${number}`;
  severity: 'high' | 'medium' | 'low';
  title: string;
  tests: GuardingTest[];
}

/** Suites that check whole categories: every route × caller, forged tokens, bad input. */
export const STANDING_LAYERS = [
  'apps/api/test/authorization/matrix.test.ts',
  'packages/id-token/src/verifier.test.ts',
  'apps/api/test/bad-input',
];

const api = (path: string) => `apps/api/src/${path}`;
const identity = (path: string) => `apps/identity/src/${path}`;

export const FINDINGS: Finding[] = [
  {
    id: 1,
    severity: 'high',
    title: 'A deleted account locks its email out for good',
    tests: [
      {
        file: api('routes/users/account-lifecycle.test.ts'),
        title: 'removes the product user of an account deleted at the identity service',
      },
      {
        file: api('routes/users/account-lifecycle.test.ts'),
        title: 'is freed when a new account with that email first calls the API',
      },
      {
        file: api('routes/users/account-lifecycle.test.ts'),
        title: 'is freed when the address registers again',
      },
      {
        file: api('routes/users/account-lifecycle.test.ts'),
        title: 'deletes the identity account and the product user; the token stops working',
      },
      {
        file: 'e2e/delete-account.test.ts',
        title: 'asks for the password and the email, deletes the account',
      },
    ],
  },
  {
    id: 2,
    severity: 'high',
    title: 'The data folder is open to every local user',
    tests: [
      {
        file: 'apps/server/src/data-dir.test.ts',
        title: 'is created owner-only, and so is every file the server writes in it',
      },
      {
        file: 'apps/server/src/data-dir.test.ts',
        title: 'stops the start when other users can read it, saying how to fix it',
      },
      {
        file: identity('tokens/tokens.test.ts'),
        title: 'are sealed in the database: no row holds a private key in plain',
      },
      {
        file: identity('tokens/tokens.test.ts'),
        title: 'stored in plain by an earlier version are sealed at start, and keep signing',
      },
    ],
  },
  {
    id: 3,
    severity: 'medium',
    title: 'Sign-up is unthrottled',
    tests: [
      {
        file: identity('throttle/sign-up-limits.test.ts'),
        title: 'are limited per client address (SIGNUP_LIMIT_PER_HOUR), for an hour',
      },
      {
        file: identity('throttle/sign-up-limits.test.ts'),
        title: 'is refused without hashing the password',
      },
      {
        file: identity('accounts/hashing-gate.test.ts'),
        title:
          'runs new passwords in their own few slots, queues a bounded number, refuses the rest',
      },
      {
        file: api('routes/auth/auth.test.ts'),
        title: 'are limited by SIGNUP_LIMIT_PER_HOUR, as the identity service limits its sign-ups',
      },
    ],
  },
  {
    id: 4,
    severity: 'medium',
    title: 'No storage quota',
    tests: [
      {
        file: api('routes/labs/quotas.test.ts'),
        title: 'stops a teacher at their lab quota with a 409 naming it and what is used',
      },
      {
        file: api('routes/labs/quotas.test.ts'),
        title:
          'counts the bytes of all a teacher’s lab files, refusing with 413 and keeping nothing',
      },
      {
        file: api('routes/labs/quotas.test.ts'),
        title: 'holds when two uploads of one teacher race for the last room',
      },
      {
        file: api('routes/users/teacher-approval.test.ts'),
        title: 'makes a teacher who signs up a student awaiting approval until an admin approves',
      },
    ],
  },
  {
    id: 5,
    severity: 'medium',
    title: 'The per-address sign-in lock refuses correct passwords',
    tests: [
      {
        file: identity('throttle/sign-in-limits.test.ts'),
        title: 'of one address over many accounts never refuse a right password from it',
      },
      {
        file: identity('throttle/sign-in-limits.test.ts'),
        title: 'of one address lock that address out of that account only',
      },
      {
        file: 'packages/http/src/proxy.test.ts',
        title: 'is named once in the log when it forwards from a private address',
      },
    ],
  },
  {
    id: 6,
    severity: 'medium',
    title: 'The web app has no security headers',
    tests: [
      {
        file: 'apps/server/src/server.test.ts',
        title:
          'sends pages with a CSP admitting only its own scripts and the inline ones it serves',
      },
      {
        file: 'e2e/security-headers.test.ts',
        title: 'lets the app sign in and work, in light and dark mode, without a single violation',
      },
      { file: 'e2e/security-headers.test.ts', title: 'keeps the app out of another site’s frame' },
      {
        file: api('plugins/openapi.test.ts'),
        title: 'serves the reference page with a strict CSP, unframeable',
      },
      {
        file: api('plugins/security.test.ts'),
        title: 'lets no cache keep a JSON answer, nor a problem',
      },
      {
        file: identity('tokens/tokens.test.ts'),
        title: 'may be kept by no cache: sign-up, sign-in, update and refresh',
      },
    ],
  },
  {
    id: 7,
    severity: 'medium',
    title: 'Common passwords are accepted',
    tests: [
      {
        file: identity('accounts/common-passwords.test.ts'),
        title: 'are refused as weak at sign-up, password change and by the admin API',
      },
      {
        file: api('routes/auth/auth.test.ts'),
        title: 'refuses one of the most common passwords as weak',
      },
      { file: 'e2e/auth.test.ts', title: 'a common password' },
      {
        file: identity('throttle/sign-in-limits.test.ts'),
        title: 'longer than any account can have are refused before they are hashed',
      },
    ],
  },
  {
    id: 8,
    severity: 'low',
    title: 'Live events reach people who may not see the classroom, and streams are not capped',
    tests: [
      {
        file: api('routes/classroom-events/classroom-events.test.ts'),
        title: 'refuses invitees and those waiting for approval, as the classroom page does',
      },
      {
        file: api('routes/classroom-events/classroom-events.test.ts'),
        title: 'ends a member’s stream at once when they are removed, and keeps the teacher’s',
      },
      {
        file: api('routes/classroom-events/classroom-events.test.ts'),
        title: 'streams per user at once, 429 beyond',
      },
    ],
  },
  {
    id: 9,
    severity: 'low',
    title: 'Inviting an email reveals whether it has an account',
    tests: [
      {
        file: api('routes/members/members.test.ts'),
        title:
          'answers alike for an account, an email without one and a guest, until the invitee accepts',
      },
      { file: api('routes/members/members.test.ts'), title: 'an hour for one inviter' },
    ],
  },
  {
    id: 10,
    severity: 'low',
    title: 'One address can lock a victim out of sign-in and recovery',
    tests: [
      {
        file: identity('throttle/mail-limits.test.ts'),
        title: 'cannot lock a victim out of sign-in and recovery',
      },
      {
        file: identity('throttle/mail-limits.test.ts'),
        title: 'are limited per asking address, over all the emails it asks for',
      },
    ],
  },
  {
    id: 11,
    severity: 'low',
    title: 'ID tokens outlive a password change, disabling or deletion at the API',
    tests: [
      {
        file: api('routes/users/account-lifecycle.test.ts'),
        title: 'refuses a token issued before a password change, from the next poll',
      },
      {
        file: api('routes/users/account-lifecycle.test.ts'),
        title: 'refuses the tokens of an account disabled at the identity service',
      },
      {
        file: identity('routes/account-events.test.ts'),
        title: 'tells the owner their password was changed, with a link to reset it',
      },
    ],
  },
  {
    id: 12,
    severity: 'low',
    title: 'Teachers see flag values of labs whose flags they may not see',
    tests: [
      {
        file: api('routes/submissions/submissions.test.ts'),
        title: 'hides the flags typed from a teacher whose classroom has another teacher’s lab',
      },
    ],
  },
  {
    id: 13,
    severity: 'low',
    title: '401 bodies name why a token failed',
    tests: [
      {
        file: api('routes/auth/auth.test.ts'),
        title: 'answers every refused token alike, whatever check it failed',
      },
    ],
  },
  {
    id: 14,
    severity: 'low',
    title: 'The anti-forgery cookie is not Secure nor bound to the user',
    tests: [
      {
        file: api('plugins/antiforgery.test.ts'),
        title: 'is Secure, host-only and __Host- prefixed when users reach the app over https',
      },
      {
        file: api('routes/auth/auth.test.ts'),
        title:
          'refuses a token minted for one user with the requests of another in the same browser',
      },
    ],
  },
  {
    id: 15,
    severity: 'low',
    title: 'Unknown JSON fields are dropped; a wrong content type is not 415',
    tests: [
      {
        file: api('routes/submissions/submissions.test.ts'),
        title: 'refuses fields it does not take by name, and a body that is not JSON with 415',
      },
    ],
  },
  {
    id: 16,
    severity: 'low',
    title: 'Lab Markdown loads images from any host and keeps any link scheme',
    tests: [
      {
        file: 'apps/web/src/components/markdown/markdown-urls.test.ts',
        title: 'drops every other scheme',
      },
      {
        file: 'apps/web/src/components/markdown/markdown-urls.test.ts',
        title: 'refuses any other host, the API’s other routes elsewhere, and other schemes',
      },
      { file: 'e2e/lab-markdown.test.ts', title: 'a lab’s Markdown' },
    ],
  },
  {
    id: 17,
    severity: 'low',
    title: 'CSV cells become formulas in semicolon locales',
    tests: [
      {
        file: 'packages/contracts/src/csv.test.ts',
        title: 'quotes semicolons and tabs, the separators of other locales',
      },
    ],
  },
  {
    id: 18,
    severity: 'low',
    title: 'A NUL character makes the identity service answer 500',
    tests: [
      {
        file: identity('protocol/protocol.test.ts'),
        title: 'are refused in addresses with INVALID_EMAIL, before they reach the database',
      },
      {
        file: identity('protocol/protocol.test.ts'),
        title: 'never make a profile update or an admin call answer with a server error',
      },
    ],
  },
  {
    id: 19,
    severity: 'low',
    title: 'Image polyglots and huge images are accepted; downloads are not sandboxed',
    tests: [
      {
        file: api('routes/classrooms/classrooms.test.ts'),
        title: 'pixels a side, in every format',
      },
      {
        file: api('routes/classrooms/classrooms.test.ts'),
        title: 'refuses an image that carries web page markup, before its pixels or after them',
      },
      {
        file: api('routes/labs/files.test.ts'),
        title: 'drops the bidirectional and other control characters that disguise a name',
      },
    ],
  },
  {
    id: 20,
    severity: 'low',
    title: 'Outages answer 500, join codes and display names leak, any forwarded hop is trusted',
    tests: [
      {
        file: 'apps/server/src/outage.test.ts',
        title: 'routes and sign-ins answer 503 with Retry-After, and work again once it is back',
      },
      {
        file: 'packages/id-token/src/remote-keys.test.ts',
        title: 'keeps verifying tokens past the usual ten minutes',
      },
      { file: api('routes/members/members.test.ts'), title: 'unknown join codes' },
      {
        file: api('routes/members/display-names.test.ts'),
        title: 'is named from their id, never their email, wherever others see them',
      },
      {
        file: 'packages/http/src/proxy.test.ts',
        title: 'true believes the nearest proxy only, not an address the client put before it',
      },
      {
        file: identity('tokens/signing-keys.test.ts'),
        title: 'is RSA-3072: the modulus a fresh server publishes decodes to 3072 bits',
      },
      {
        file: identity('tokens/signing-keys.test.ts'),
        title: 'replaces a 2048-bit current key at start; its tokens verify until they expire',
      },
    ],
  },
];
