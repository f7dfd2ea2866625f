import { ROLE } from '@hackclass/contracts';
import { TEST_PASSWORD } from '../support/accounts';

/**
 * Who calls. Everyone but `anonymous` is signed in; all but `unverified` have a verified email.
 * `outsider` and `member` are students; `owner` is the teacher who created the fixture's
 * classroom and labs; `coTeacher` a teacher who co-teaches that classroom.
 */
export const CALLERS = [
  'anonymous',
  'unverified',
  'guest',
  'outsider',
  'member',
  'coTeacher',
  'owner',
  'otherTeacher',
  'admin',
] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * What each cell starts from, made afresh for every request: a classroom of `owner`, co-taught
 * by `coTeacher` and `spareCoTeacherId`, with `member` accepted, `pendingId` asking to join and
 * `invitedId` invited; a lab of `owner` with one file, used by the classroom; a second lab of
 * `owner` that no classroom uses; an unread notification of `member`; and an announcement of
 * `owner` in the classroom.
 */
export interface Fixture {
  /** The product user id of each signed-in caller (shared by every fixture). */
  userIds: Record<Exclude<Caller, 'anonymous'>, string>;
  classroom: { id: string; joinCode: string };
  pendingId: string;
  invitedId: string;
  /** `otherTeacher`'s email, to add as a co-teacher. */
  otherTeacherEmail: string;
  /** A second teacher co-teaching the classroom, whom `coTeacher` may not remove. */
  spareCoTeacherId: string;
  /** The email `invitedId` was invited by. */
  invitedEmail: string;
  /** A student who signed up as a teacher and awaits an admin's approval. */
  awaitingId: string;
  lab: { id: string; slug: string; fileId: string };
  /** A download link of the lab's file made for `member` (under `/api`, like `url`). */
  downloadLink: string;
  spareLabId: string;
  /** A free hint of the lab. */
  hintId: string;
  notificationId: string;
  /** An announcement of `owner` in the classroom. */
  announcementId: string;
  /** A student with an identity account who is no caller, for admins to disable and enable. */
  targetId: string;
  /** An email no account has. */
  freshEmail: string;
  /** `member`'s running target for the fixture's lab, which has a live target. */
  liveTargetId: string;
  /** A mail in the outbox that failed, for admins to send again. */
  failedMailId: string;
  /** A personal API token of `member`. */
  apiTokenId: string;
  /** The link token of an invitation to the classroom mailed to `outsider`'s address. */
  invitationToken: string;
}

export interface MatrixRequest {
  /** Under `/api`, with its query string. */
  url: string;
  body?: unknown;
  /** A multipart form, instead of a JSON body. */
  form?: FormData;
  /** An event stream, which stays open: its status is read, and a success is not waited for. */
  stream?: boolean;
}

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route exactly as Fastify registered it. */
  route: string;
  request(fixture: Fixture): MatrixRequest;
  expect: Record<Caller, number>;
}

/** No token: 401. A token without a verified email: 403 `email_not_verified`. */
const verifiedOnly = { anonymous: 401, unverified: 403 } as const;

/**
 * Statuses of a route about one classroom: 404 for who may not even see it (outsider, another
 * teacher, a guest), 403 for its member who may see it but not do this, `ok` for its teachers
 * (creator and co-teacher) and admins.
 */
const managersOf = (ok: number) =>
  ({
    ...verifiedOnly,
    guest: 404,
    outsider: 404,
    member: 403,
    owner: ok,
    coTeacher: ok,
    otherTeacher: 404,
    admin: ok,
  }) as const;

/** Managing users: admins only. */
const adminsOnly = (ok: number) =>
  ({
    ...verifiedOnly,
    guest: 403,
    outsider: 403,
    member: 403,
    owner: 403,
    coTeacher: 403,
    otherTeacher: 403,
    admin: ok,
  }) as const;

/** Seen by the classroom's members, its teachers and admins; unknown to everyone else. */
const seenByClassroom = {
  ...verifiedOnly,
  guest: 404,
  outsider: 404,
  member: 200,
  owner: 200,
  coTeacher: 200,
  otherTeacher: 404,
  admin: 200,
} as const;

/** Open to every caller, signed in or not. */
const everyone = (ok: number) =>
  ({
    anonymous: ok,
    unverified: ok,
    guest: ok,
    outsider: ok,
    member: ok,
    owner: ok,
    coTeacher: ok,
    otherTeacher: ok,
    admin: ok,
  }) as const;

/** Open to every verified caller, whatever their role. */
const everyVerified = (ok: number) => ({ ...everyone(ok), ...verifiedOnly }) as const;

/** Only teachers and admins create classrooms and labs. */
const creators = {
  ...verifiedOnly,
  guest: 403,
  outsider: 403,
  member: 403,
  owner: 201,
  coTeacher: 201,
  otherTeacher: 201,
  admin: 201,
} as const;

const classroomForm = () => {
  const form = new FormData();
  form.append('name', 'Matrix 101');
  form.append('description', 'Who may do what');
  form.append('teacherName', 'Ada');
  return form;
};

/** The flag of every fixture's lab. */
export const MATRIX_FLAG = 'flag{matrix}';

const labForm = () => {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    name: 'Matrix lab',
    description: '# Find the flag',
    difficulty: 'Easy',
    category: 'Web',
    points: '100',
    flags: JSON.stringify([{ value: MATRIX_FLAG, caseSensitive: true }]),
  })) {
    form.append(key, value);
  }
  form.append('labFiles', new Blob(['flag{matrix}']), 'notes.txt');
  return form;
};

/** An import of one CTFd challenge, as a lone challenge.yml. */
const challengeImportForm = () => {
  const form = new FormData();
  const yml = `name: Matrix challenge\ncategory: web\nvalue: 100\nflags:\n  - "${MATRIX_FLAG}"\n`;
  form.append('archive', new Blob([yml]), 'challenge.yml');
  return form;
};

/**
 * The authorisation matrix: every API route (but the OpenAPI document) × every caller → the
 * status they get. The role table of docs/behaviour.md#roles-and-permissions, with 404 for what
 * the caller may not see and 403 for what they see but may not do. Requests are chosen so that
 * the allowed callers succeed.
 */
export const MATRIX: MatrixRow[] = [
  // --- auth: public ---
  {
    method: 'POST',
    route: '/api/auth/antiforgery/token',
    request: () => ({ url: '/auth/antiforgery/token' }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/auth/register',
    request: ({ freshEmail }) => ({
      url: '/auth/register',
      body: {
        email: freshEmail,
        password: TEST_PASSWORD,
        displayName: 'New Person',
        roleId: ROLE.student,
      },
    }),
    expect: everyone(201),
  },

  {
    method: 'GET',
    route: '/api/auth/providers',
    request: () => ({ url: '/auth/providers' }),
    expect: everyone(200),
  },

  // --- web vitals: anyone's page views, with no anti-forgery token ---
  {
    method: 'POST',
    route: '/api/web-vitals',
    request: () => ({ url: '/web-vitals', body: { page: '/', lcp: 1200, cls: 0 } }),
    expect: everyone(204),
  },

  // --- sign-in providers: admins' ---
  {
    method: 'GET',
    route: '/api/admin/sign-in-providers',
    request: () => ({ url: '/admin/sign-in-providers' }),
    expect: adminsOnly(200),
  },
  {
    // Saving fetches nothing from the provider: an address on loopback that answers nothing.
    method: 'PUT',
    route: '/api/admin/sign-in-providers/:id',
    request: () => ({
      url: '/admin/sign-in-providers/oidc.matrix',
      body: {
        displayName: 'Matrix School',
        issuer: 'http://127.0.0.1:9/',
        clientId: 'hackclass',
        clientSecret: 'secret',
      },
    }),
    expect: adminsOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/sign-in-providers/:id',
    request: () => ({ url: '/admin/sign-in-providers/oidc.nowhere' }),
    expect: adminsOnly(404),
  },
  {
    method: 'POST',
    route: '/api/admin/sign-in-providers/:id/check',
    request: () => ({ url: '/admin/sign-in-providers/oidc.nowhere/check' }),
    expect: adminsOnly(404),
  },

  // --- users ---
  {
    method: 'GET',
    route: '/api/users/me',
    request: () => ({ url: '/users/me' }),
    expect: {
      anonymous: 401,
      unverified: 200,
      guest: 200,
      outsider: 200,
      member: 200,
      owner: 200,
      coTeacher: 200,
      otherTeacher: 200,
      admin: 200,
    },
  },
  {
    // Every caller has chosen their role already (see `createCallers`): a second choice is
    // refused, once the caller is known, verified or not.
    method: 'POST',
    route: '/api/users/me/sign-up-role',
    request: () => ({ url: '/users/me/sign-up-role', body: { roleId: ROLE.teacher } }),
    expect: {
      anonymous: 401,
      unverified: 409,
      guest: 409,
      outsider: 409,
      member: 409,
      owner: 409,
      coTeacher: 409,
      otherTeacher: 409,
      admin: 409,
    },
  },
  {
    method: 'PATCH',
    route: '/api/users/:id/role',
    request: ({ pendingId }) => ({
      url: `/users/${pendingId}/role`,
      body: { roleId: ROLE.teacher },
    }),
    expect: {
      ...verifiedOnly,
      guest: 403,
      outsider: 403,
      member: 403,
      owner: 403,
      coTeacher: 403,
      otherTeacher: 403,
      admin: 200,
    },
  },

  {
    method: 'GET',
    route: '/api/users',
    request: () => ({ url: '/users?search=example&role=1&page=1&pageSize=5' }),
    expect: adminsOnly(200),
  },
  {
    method: 'POST',
    route: '/api/users/:id/approve-teacher',
    request: ({ awaitingId }) => ({ url: `/users/${awaitingId}/approve-teacher` }),
    expect: adminsOnly(200),
  },
  {
    method: 'POST',
    route: '/api/users/:id/disable',
    request: ({ targetId }) => ({ url: `/users/${targetId}/disable` }),
    expect: adminsOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/users/:id',
    request: ({ invitedId, invitedEmail }) => ({
      url: `/users/${invitedId}`,
      body: { email: invitedEmail },
    }),
    expect: adminsOnly(204),
  },
  {
    method: 'POST',
    route: '/api/users/:id/enable',
    request: ({ targetId }) => ({ url: `/users/${targetId}/enable` }),
    expect: adminsOnly(200),
  },
  {
    method: 'GET',
    route: '/api/admin/mail',
    request: () => ({ url: '/admin/mail?status=failed&page=1&pageSize=5' }),
    expect: adminsOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/mail/:id/retry',
    request: ({ failedMailId }) => ({ url: `/admin/mail/${failedMailId}/retry` }),
    expect: adminsOnly(200),
  },

  // --- notifications: the member's own ---
  {
    method: 'GET',
    route: '/api/users/:id/notifications',
    request: ({ userIds }) => ({ url: `/users/${userIds.member}/notifications` }),
    expect: {
      ...verifiedOnly,
      guest: 403,
      outsider: 403,
      member: 200,
      owner: 403,
      coTeacher: 403,
      otherTeacher: 403,
      admin: 200,
    },
  },
  {
    method: 'POST',
    route: '/api/users/:id/notifications/read',
    request: ({ userIds, notificationId }) => ({
      url: `/users/${userIds.member}/notifications/read`,
      body: { ids: [notificationId] },
    }),
    // Reading marks are the user's own: not even an admin marks them.
    expect: {
      ...verifiedOnly,
      guest: 403,
      outsider: 403,
      member: 204,
      owner: 403,
      coTeacher: 403,
      otherTeacher: 403,
      admin: 403,
    },
  },

  // --- personal API tokens: each person's own; admins see and revoke everyone's ---
  {
    method: 'GET',
    route: '/api/users/me/api-tokens',
    request: () => ({ url: '/users/me/api-tokens' }),
    expect: everyVerified(200),
  },
  {
    method: 'POST',
    route: '/api/users/me/api-tokens',
    request: () => ({
      url: '/users/me/api-tokens',
      body: { name: 'Matrix', scopes: ['read'], expiresInDays: 7 },
    }),
    expect: everyVerified(201),
  },
  {
    method: 'DELETE',
    route: '/api/users/me/api-tokens/:tokenId',
    request: ({ apiTokenId }) => ({ url: `/users/me/api-tokens/${apiTokenId}` }),
    // Another's token is as unknown as no token at all, to an admin too (they revoke it below).
    expect: { ...everyVerified(404), member: 204 },
  },
  {
    method: 'GET',
    route: '/api/api-tokens',
    request: () => ({ url: '/api-tokens?search=example&page=1&pageSize=5' }),
    expect: adminsOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/api-tokens/:tokenId',
    request: ({ apiTokenId }) => ({ url: `/api-tokens/${apiTokenId}` }),
    expect: adminsOnly(204),
  },

  // --- the page session: each person's own browser; dropped by anyone ---
  {
    method: 'PUT',
    route: '/api/page-session',
    request: () => ({ url: '/page-session', body: { keepSignedIn: true } }),
    expect: everyVerified(204),
  },
  {
    method: 'DELETE',
    route: '/api/page-session',
    request: () => ({ url: '/page-session' }),
    expect: everyone(204),
  },

  // --- classrooms ---
  {
    method: 'GET',
    route: '/api/classrooms',
    request: () => ({ url: '/classrooms' }),
    // A guest's list is empty rather than refused.
    expect: everyVerified(200),
  },
  {
    method: 'POST',
    route: '/api/classrooms',
    request: () => ({ url: '/classrooms', form: classroomForm() }),
    expect: creators,
  },
  {
    method: 'GET',
    route: '/api/classrooms/:id',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}` }),
    expect: seenByClassroom,
  },
  {
    method: 'PUT',
    route: '/api/classrooms/:id',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}`, form: classroomForm() }),
    expect: managersOf(200),
  },
  {
    method: 'DELETE',
    route: '/api/classrooms/:id',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}` }),
    // Its creator and admins: a co-teacher runs the classroom but does not delete it.
    expect: { ...managersOf(204), coTeacher: 403 },
  },
  {
    method: 'POST',
    route: '/api/classrooms/:id/join-code',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/join-code` }),
    expect: managersOf(200),
  },
  {
    method: 'GET',
    route: '/api/classrooms/:id/image',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/image` }),
    expect: seenByClassroom,
  },
  {
    method: 'GET',
    route: '/api/classrooms/:id/events',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/events`, stream: true }),
    expect: seenByClassroom,
  },

  // --- members ---
  {
    method: 'GET',
    route: '/api/classrooms/:id/members',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/members` }),
    expect: seenByClassroom,
  },
  {
    method: 'POST',
    route: '/api/classrooms/:id/members',
    request: ({ classroom, freshEmail }) => ({
      url: `/classrooms/${classroom.id}/members?userEmail=${encodeURIComponent(freshEmail)}`,
    }),
    expect: managersOf(201),
  },
  {
    method: 'DELETE',
    route: '/api/classrooms/:id/members',
    // Withdrawing the invitation.
    request: ({ classroom, invitedEmail }) => ({
      url: `/classrooms/${classroom.id}/members?userEmail=${encodeURIComponent(invitedEmail)}`,
    }),
    expect: managersOf(204),
  },
  {
    method: 'POST',
    route: '/api/classrooms/:id/invitations/resend',
    request: ({ classroom, invitedEmail }) => ({
      url: `/classrooms/${classroom.id}/invitations/resend?userEmail=${encodeURIComponent(invitedEmail)}`,
    }),
    expect: managersOf(200),
  },
  {
    method: 'GET',
    route: '/api/invitations/:token',
    // The link is the credential: it says what it is to anyone holding it, signed in or not.
    request: ({ invitationToken }) => ({ url: `/invitations/${invitationToken}` }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/invitations/:token/accept',
    // Only the invited address accepts: the outsider's.
    request: ({ invitationToken }) => ({ url: `/invitations/${invitationToken}/accept` }),
    expect: {
      ...verifiedOnly,
      guest: 403,
      outsider: 200,
      member: 403,
      owner: 403,
      coTeacher: 403,
      otherTeacher: 403,
      admin: 403,
    },
  },
  {
    method: 'POST',
    route: '/api/classrooms/:id/invitations/preview',
    request: ({ classroom, freshEmail, invitedEmail }) => ({
      url: `/classrooms/${classroom.id}/invitations/preview`,
      body: { text: `${freshEmail}\n${invitedEmail}` },
    }),
    expect: managersOf(200),
  },
  {
    method: 'POST',
    route: '/api/classrooms/:id/invitations/bulk',
    request: ({ classroom, freshEmail }) => ({
      url: `/classrooms/${classroom.id}/invitations/bulk`,
      body: { emails: [freshEmail] },
    }),
    expect: managersOf(200),
  },
  {
    method: 'POST',
    route: '/api/classrooms/join',
    request: ({ classroom }) => ({
      url: '/classrooms/join',
      body: { classroomCode: classroom.joinCode },
    }),
    // Anyone but a guest asks to join; who is in it already (its member, its teachers) is a
    // conflict.
    expect: {
      ...verifiedOnly,
      guest: 403,
      outsider: 201,
      member: 409,
      owner: 409,
      coTeacher: 409,
      otherTeacher: 201,
      admin: 201,
    },
  },
  {
    method: 'PATCH',
    route: '/api/classrooms/:id/members/:userId',
    // Approving the pending request.
    request: ({ classroom, pendingId }) => ({
      url: `/classrooms/${classroom.id}/members/${pendingId}`,
      body: { status: 'Accepted' },
    }),
    expect: managersOf(200),
  },
  {
    method: 'DELETE',
    route: '/api/classrooms/:id/members/:userId',
    // Removing the member: their teacher or an admin may, and so may they (leaving).
    request: ({ classroom, userIds }) => ({
      url: `/classrooms/${classroom.id}/members/${userIds.member}`,
    }),
    expect: { ...managersOf(204), member: 204 },
  },

  // --- labs in classrooms ---
  {
    method: 'POST',
    route: '/api/classrooms/:id/hacking-labs',
    request: ({ classroom, spareLabId }) => ({
      url: `/classrooms/${classroom.id}/hacking-labs`,
      body: { hackingLabId: spareLabId },
    }),
    // The spare lab is `owner`'s, which no classroom uses: a co-teacher adds labs of their own.
    expect: { ...managersOf(201), coTeacher: 404 },
  },
  {
    method: 'DELETE',
    route: '/api/classrooms/:id/hacking-labs/:labId',
    request: ({ classroom, lab }) => ({
      url: `/classrooms/${classroom.id}/hacking-labs/${lab.id}`,
    }),
    expect: managersOf(204),
  },

  // --- flags, submissions and standings ---
  {
    method: 'POST',
    route: '/api/classrooms/:id/hacking-labs/:labId/submissions',
    request: ({ classroom, lab }) => ({
      url: `/classrooms/${classroom.id}/hacking-labs/${lab.id}/submissions`,
      body: { flag: MATRIX_FLAG },
    }),
    // Accepted members only: its teacher and admins see the classroom but never compete.
    expect: { ...seenByClassroom, coTeacher: 403, owner: 403, admin: 403 },
  },
  {
    method: 'GET',
    route: '/api/classrooms/:id/submissions',
    // A member lists their own; the classroom's managers everyone's.
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/submissions` }),
    expect: seenByClassroom,
  },
  {
    method: 'GET',
    route: '/api/classrooms/:id/leaderboard',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/leaderboard` }),
    expect: seenByClassroom,
  },
  {
    method: 'GET',
    route: '/api/classrooms/:id/analytics',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/analytics` }),
    expect: managersOf(200),
  },
  {
    method: 'DELETE',
    route: '/api/users/me',
    // Someone else's address: the deletion itself, which ends the caller, has its own tests.
    request: (fixture) => ({ url: '/users/me', body: { email: fixture.freshEmail } }),
    expect: {
      anonymous: 401,
      unverified: 400,
      guest: 400,
      outsider: 400,
      member: 400,
      owner: 400,
      coTeacher: 400,
      otherTeacher: 400,
      admin: 400,
    },
  },
  {
    method: 'GET',
    route: '/api/users/me/activity',
    request: () => ({ url: '/users/me/activity' }),
    expect: everyVerified(200),
  },
  {
    method: 'GET',
    route: '/api/users/me/quota',
    request: () => ({ url: '/users/me/quota' }),
    expect: everyVerified(200),
  },

  // --- labs ---
  {
    method: 'GET',
    route: '/api/hacking-labs',
    request: () => ({ url: '/hacking-labs' }),
    expect: {
      ...verifiedOnly,
      guest: 403,
      outsider: 200,
      member: 200,
      owner: 200,
      coTeacher: 200,
      otherTeacher: 200,
      admin: 200,
    },
  },
  {
    method: 'POST',
    route: '/api/hacking-labs',
    request: () => ({ url: '/hacking-labs', form: labForm() }),
    expect: creators,
  },
  {
    method: 'GET',
    route: '/api/hacking-labs/:idOrSlug',
    request: ({ lab }) => ({ url: `/hacking-labs/${lab.slug}` }),
    expect: seenByClassroom,
  },
  {
    method: 'PUT',
    route: '/api/hacking-labs/:id',
    request: ({ lab }) => ({ url: `/hacking-labs/${lab.id}`, form: labForm() }),
    // Who may delete it edits it: its creator and admins; its classroom's member sees it only.
    expect: { ...seenByClassroom, member: 403, coTeacher: 403, owner: 200, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/hacking-labs/:id/target',
    request: ({ lab }) => ({
      url: `/hacking-labs/${lab.id}/target`,
      body: { image: 'labs/sqli:3', port: 8080, kind: 'http' },
    }),
    // As editing it; the fixture's lab has a target already, which only editing changes.
    expect: { ...seenByClassroom, member: 403, coTeacher: 403, owner: 409, admin: 409 },
  },
  {
    method: 'DELETE',
    route: '/api/hacking-labs/:id',
    // The classroom uses the lab: without force this is a 409 even for its creator.
    request: ({ lab }) => ({ url: `/hacking-labs/${lab.id}?force=true` }),
    expect: { ...seenByClassroom, member: 403, coTeacher: 403, owner: 204, admin: 204 },
  },
  {
    method: 'GET',
    route: '/api/hacking-labs/:idOrSlug/files/:fileId',
    request: ({ lab }) => ({ url: `/hacking-labs/${lab.id}/files/${lab.fileId}` }),
    expect: seenByClassroom,
  },
  {
    method: 'POST',
    route: '/api/hacking-labs/:idOrSlug/files/:fileId/link',
    request: ({ lab }) => ({ url: `/hacking-labs/${lab.slug}/files/${lab.fileId}/link` }),
    expect: seenByClassroom,
  },
  {
    method: 'GET',
    route: '/api/hacking-labs/:idOrSlug/files/:fileId/download',
    // The link is the credential, checked against the user it was made for: whoever follows it
    // gets the file, as a browser without a token does.
    request: ({ downloadLink }) => ({ url: downloadLink }),
    expect: everyone(200),
  },

  // --- live targets (the matrix's API has no engine: starting anew answers targets_off) ---
  {
    method: 'GET',
    route: '/api/classrooms/:id/labs/:labId/target',
    request: ({ classroom, lab }) => ({ url: `/classrooms/${classroom.id}/labs/${lab.id}/target` }),
    expect: seenByClassroom,
  },
  {
    method: 'POST',
    route: '/api/classrooms/:id/labs/:labId/target',
    // The member's running target is there already: a second start answers it.
    request: ({ classroom, lab }) => ({ url: `/classrooms/${classroom.id}/labs/${lab.id}/target` }),
    expect: { ...seenByClassroom, coTeacher: 403, owner: 403, admin: 403 },
  },
  {
    method: 'GET',
    route: '/api/targets/:targetId',
    request: ({ liveTargetId }) => ({ url: `/targets/${liveTargetId}` }),
    expect: seenByClassroom,
  },
  {
    method: 'POST',
    route: '/api/targets/:targetId/extend',
    request: ({ liveTargetId }) => ({ url: `/targets/${liveTargetId}/extend` }),
    // Its student only: their teacher and admins see it but do not extend it.
    expect: { ...seenByClassroom, coTeacher: 403, owner: 403, admin: 403 },
  },
  {
    method: 'POST',
    route: '/api/targets/:targetId/reset',
    request: ({ liveTargetId }) => ({ url: `/targets/${liveTargetId}/reset` }),
    // Its student gets past every check to the engine, which is off here.
    expect: { ...seenByClassroom, member: 503, coTeacher: 403, owner: 403, admin: 403 },
  },
  {
    method: 'DELETE',
    route: '/api/targets/:targetId',
    request: ({ liveTargetId }) => ({ url: `/targets/${liveTargetId}` }),
    expect: seenByClassroom,
  },
  {
    method: 'GET',
    route: '/api/classrooms/:id/targets',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/targets` }),
    expect: managersOf(200),
  },
  {
    method: 'DELETE',
    route: '/api/classrooms/:id/targets',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/targets` }),
    expect: managersOf(200),
  },
  {
    method: 'GET',
    route: '/api/classrooms/:id/target-settings',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/target-settings` }),
    expect: managersOf(200),
  },
  {
    method: 'PUT',
    route: '/api/classrooms/:id/target-settings',
    request: ({ classroom }) => ({
      url: `/classrooms/${classroom.id}/target-settings`,
      body: { maxRunningTargets: 10 },
    }),
    expect: managersOf(200),
  },
  {
    method: 'GET',
    route: '/api/targets',
    request: () => ({ url: '/targets' }),
    expect: adminsOnly(200),
  },
  {
    method: 'POST',
    route: '/api/target-images/check',
    request: () => ({ url: '/target-images/check', body: { image: 'labs/sqli:3' } }),
    // Those who create labs get past every check to the engine, which is off here.
    expect: { ...creators, coTeacher: 503, owner: 503, otherTeacher: 503, admin: 503 },
  },
  {
    method: 'POST',
    route: '/api/targets/:targetId/ticket',
    request: ({ liveTargetId }) => ({ url: `/targets/${liveTargetId}/ticket` }),
    // `member` owns it; its classroom's teacher and admins may look in; no one else learns of it.
    expect: seenByClassroom,
  },
  {
    method: 'POST',
    route: '/api/targets/:targetId/tunnel',
    request: ({ liveTargetId }) => ({ url: `/targets/${liveTargetId}/tunnel` }),
    // As the Open link, for the same people; this target is an HTTP one, which has no tunnel.
    expect: { ...seenByClassroom, member: 400, owner: 400, coTeacher: 400, admin: 400 },
  },
  {
    method: 'POST',
    route: '/api/targets/:targetId/terminal',
    request: ({ liveTargetId }) => ({ url: `/targets/${liveTargetId}/terminal` }),
    // As the Open link, for the same people; this target is a lab's, which has no terminal.
    expect: { ...seenByClassroom, member: 400, owner: 400, coTeacher: 400, admin: 400 },
  },
  // Attack boxes (the matrix's API runs none: a start that gets past every check is refused).
  {
    method: 'GET',
    route: '/api/users/me/box',
    request: () => ({ url: '/users/me/box' }),
    expect: everyVerified(200),
  },
  {
    method: 'POST',
    route: '/api/targets/:targetId/lab-files',
    request: ({ liveTargetId, lab }) => ({
      url: `/targets/${liveTargetId}/lab-files`,
      body: { labId: lab.id },
    }),
    // Its student only, and the fixture's target is a lab's, which has no box to put files in.
    expect: { ...seenByClassroom, member: 400, coTeacher: 403, owner: 403, admin: 403 },
  },
  {
    method: 'POST',
    route: '/api/classrooms/:id/box',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/box` }),
    // Its accepted members only, as a lab's target.
    expect: { ...seenByClassroom, member: 503, coTeacher: 403, owner: 403, admin: 403 },
  },
  {
    method: 'GET',
    route: '/api/target-engine',
    request: () => ({ url: '/target-engine' }),
    expect: adminsOnly(200),
  },
  // Gradebook: members read their own row, managers everyone's and each member's timeline.
  {
    method: 'GET',
    route: '/api/classrooms/:id/gradebook',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/gradebook` }),
    expect: seenByClassroom,
  },
  {
    method: 'GET',
    route: '/api/classrooms/:id/gradebook.csv',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/gradebook.csv` }),
    expect: seenByClassroom,
  },
  {
    method: 'GET',
    route: '/api/classrooms/:id/members/:userId/timeline',
    request: ({ classroom, userIds }) => ({
      url: `/classrooms/${classroom.id}/members/${userIds.member}/timeline`,
    }),
    expect: managersOf(200),
  },

  // --- hints ---
  {
    method: 'GET',
    route: '/api/classrooms/:id/hacking-labs/:labId/hints',
    request: ({ classroom, lab }) => ({
      url: `/classrooms/${classroom.id}/hacking-labs/${lab.id}/hints`,
    }),
    expect: seenByClassroom,
  },
  {
    method: 'POST',
    route: '/api/classrooms/:id/hacking-labs/:labId/hints/:hintId/unlock',
    request: ({ classroom, lab, hintId }) => ({
      url: `/classrooms/${classroom.id}/hacking-labs/${lab.id}/hints/${hintId}/unlock`,
    }),
    // Hints cost what solving earns: for those who compete, as flags are.
    expect: { ...seenByClassroom, owner: 403, coTeacher: 403, admin: 403 },
  },
  {
    method: 'GET',
    route: '/api/classrooms/:id/hint-unlocks',
    request: ({ classroom, lab }) => ({
      url: `/classrooms/${classroom.id}/hint-unlocks?labId=${lab.id}`,
    }),
    expect: managersOf(200),
  },

  // --- co-teachers ---
  {
    method: 'GET',
    route: '/api/classrooms/:id/co-teachers',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/co-teachers` }),
    expect: managersOf(200),
  },
  {
    method: 'POST',
    route: '/api/classrooms/:id/co-teachers',
    request: ({ classroom, otherTeacherEmail }) => ({
      url: `/classrooms/${classroom.id}/co-teachers`,
      body: { email: otherTeacherEmail },
    }),
    // Its creator and admins choose who co-teaches.
    expect: { ...managersOf(201), coTeacher: 403 },
  },
  {
    method: 'DELETE',
    route: '/api/classrooms/:id/co-teachers/:userId',
    // Another co-teacher: a co-teacher may step down, but removes no one else.
    request: ({ classroom, spareCoTeacherId }) => ({
      url: `/classrooms/${classroom.id}/co-teachers/${spareCoTeacherId}`,
    }),
    expect: { ...managersOf(204), coTeacher: 403 },
  },
  // Announcements, and the per-user stream that carries their notifications live.
  {
    method: 'GET',
    route: '/api/classrooms/:id/announcements',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/announcements` }),
    expect: seenByClassroom,
  },
  {
    method: 'POST',
    route: '/api/classrooms/:id/announcements',
    request: ({ classroom }) => ({
      url: `/classrooms/${classroom.id}/announcements`,
      body: { body: 'Lab 2 opens **tomorrow**' },
    }),
    expect: managersOf(201),
  },
  {
    method: 'DELETE',
    route: '/api/classrooms/:id/announcements/:announcementId',
    request: ({ classroom, announcementId }) => ({
      url: `/classrooms/${classroom.id}/announcements/${announcementId}`,
    }),
    expect: managersOf(204),
  },
  {
    method: 'GET',
    route: '/api/users/me/events',
    request: () => ({ url: '/users/me/events', stream: true }),
    expect: everyVerified(200),
  },

  // --- labs that travel: export and import ---
  {
    method: 'GET',
    route: '/api/hacking-labs/:id/export',
    request: ({ lab }) => ({ url: `/hacking-labs/${lab.id}/export` }),
    // Its flags travel with it: only who edits it exports it.
    expect: { ...seenByClassroom, member: 403, owner: 200, coTeacher: 403, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/classrooms/:id/hacking-labs/export',
    request: ({ classroom }) => ({ url: `/classrooms/${classroom.id}/hacking-labs/export` }),
    expect: managersOf(200),
  },
  {
    method: 'POST',
    route: '/api/hacking-labs/import',
    request: () => ({ url: '/hacking-labs/import', form: challengeImportForm() }),
    expect: creators,
  },

  // --- schedules and unlock paths of labs in classrooms ---
  {
    method: 'PATCH',
    route: '/api/classrooms/:id/hacking-labs/:labId',
    request: ({ classroom, lab }) => ({
      url: `/classrooms/${classroom.id}/hacking-labs/${lab.id}`,
      body: { latePercent: 50, requires: [] },
    }),
    expect: managersOf(204),
  },
];

/** State changes that go without an anti-forgery token: see each route for why. */
const WITHOUT_ANTIFORGERY = [
  'POST /api/auth/antiforgery/token',
  'POST /api/web-vitals',
  'DELETE /api/page-session',
];

/** Calls that change state, each of which must carry a valid anti-forgery token. */
export const needsAntiforgery = (row: Pick<MatrixRow, 'method' | 'route'>) =>
  row.method !== 'GET' && !WITHOUT_ANTIFORGERY.includes(`${row.method} ${row.route}`);
