import { gzipSync } from 'node:zlib';
import {
  ANNOUNCEMENT_MAX_LENGTH,
  addCoTeacherSchema,
  bulkInvitationRequestSchema,
  classroomFieldsSchema,
  createAnnouncementSchema,
  createLabFieldsSchema,
  flagSubmissionRequestSchema,
  invitationPreviewRequestSchema,
  joinClassroomRequestSchema,
  registerRequestSchema,
  WEB_VITALS_PAGES,
} from '@hackclass/contracts';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { type Body, multipartOf } from './requests';
import type { Caller, World } from './world';

type ParamSource = (world: World, caller: Caller) => string;

/** A string form's or query's fields: a valid value each, and values each one refuses. */
export interface StringFields<Wrong = string> {
  good: Record<string, string>;
  wrong: Record<string, fc.Arbitrary<Wrong>>;
}

/** What a route takes, for the properties to send it random and half-right input. */
export interface RouteCase {
  /** Each path parameter's valid value, so that the handler runs for real. */
  params?: Record<string, ParamSource>;
  /** Repeated keys (`a=1&a=2`) are an array. */
  query?: StringFields<string | string[]>;
  /** A JSON body that is valid as it stands; each field is made wrong in turn. */
  json?: Record<string, unknown>;
  /** A multipart form: its text fields, and the names of its file fields. */
  multipart?: StringFields & { files: readonly string[] };
  /** The content type of a success, if not JSON. */
  produces?: string;
  /** Bodies that pass validation with random content (unicode, edges), to reach the handler. */
  validBody?: fc.Arbitrary<Body>;
  /** Only admins may call it (the owning teacher gets 403). */
  adminOnly?: boolean;
  /** JSON fields that take `null`, which is then no wrong value for them. */
  nullable?: readonly string[];
}

/** Any text of up to `max` characters that is not blank and has no NUL. */
const text = (max: number) =>
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: max })
    .filter((value) => value.trim().length > 0 && value.length <= max && !value.includes('\u0000'));
const json = (value: unknown): Body => ({
  contentType: 'application/json',
  payload: JSON.stringify(value),
});
const form = (fields: Record<string, string>) =>
  multipartOf(Object.entries(fields).map(([name, value]) => ({ name, value })));

const classroomId: ParamSource = (world) => world.classroomId;
const liveTargetId: ParamSource = (world) => world.liveTargetId;
const blank = fc.constantFrom('', '   ', '\t\n');
const tooLong = (max: number) =>
  fc.integer({ min: max + 1, max: max + 50 }).map((n) => 'x'.repeat(n));

const gradebookWrong = {
  sort: fc.constantFrom('', 'rank', 'NAME', 'points desc'),
  search: tooLong(200),
  page: fc.constantFrom('0', '-1', 'abc', '1.5', '1e400'),
  pageSize: fc.constantFrom('0', '-5', '201', 'x'),
};

/** A lab's schedule in a classroom, in the past so that the world's lab stays open. */
const labSchedule = {
  opensAt: '2020-01-01T00:00:00Z',
  dueAt: '2020-02-01T00:00:00Z',
  latePercent: 50,
  requires: [],
};

const classroomForm = {
  good: { name: 'Web 101', description: 'XSS', teacherName: 'Ada' },
  wrong: {
    name: fc.oneof(blank, tooLong(100)),
    description: tooLong(2_000),
    teacherName: fc.oneof(blank, tooLong(100)),
  },
  files: ['image'],
  validBody: fc
    .record({ name: text(100), description: text(2_000), teacherName: text(100) })
    .filter((fields) => classroomFieldsSchema.safeParse(fields).success)
    .map(form),
};

/** A lab's target, valid but for what `wrong` puts in it. */
const targetWith = (wrong: Record<string, unknown>) =>
  JSON.stringify({
    image: 'registry.school.example/labs/sqli:3',
    port: 8080,
    kind: 'http',
    ...wrong,
  });

/** The lab form's `target`: not JSON, or a definition the schema refuses in one part. */
const wrongTarget = fc.oneof(
  fc.constantFrom('', '{', 'target', '[]', '"x"', '{}', '1'),
  fc
    .constantFrom(
      'Registry.example.org/Labs/SQLi',
      'labs/sqli:',
      'labs//sqli',
      'labs/sqli@sha256:zz',
      'x'.repeat(256),
      '',
    )
    .map((image) => targetWith({ image })),
  fc.constantFrom(0, 65_536, 80.5, '80', -1).map((port) => targetWith({ port })),
  fc
    .constantFrom('1ST', 'A-B', 'HACKCLASS_FLAG', 'hackclass_x', '', 'A B')
    .map((name) => targetWith({ env: [{ name, value: 'x' }] })),
  fc
    .constantFrom(
      { memoryMb: 65_537 },
      { memoryMb: 8 },
      { cpus: 0 },
      { cpus: 65 },
      { pids: 1 },
      { pids: 1.5 },
      { lifetimeMinutes: 10_081 },
      { lifetimeMinutes: 1 },
      { kind: 'udp' },
      { flagMode: 'shared' },
      { flagPrefix: 'H C{' },
      { outbound: 'yes' },
      { privileged: true },
    )
    .map(targetWith),
);

const labFields = {
  good: {
    name: 'SQLi',
    description: '',
    difficulty: 'Easy',
    category: 'Web',
    points: '10',
    scoring: 'dynamic',
    minimumPoints: '5',
    decay: '3',
    flags: JSON.stringify([{ value: 'flag{sqli}', caseSensitive: false }]),
  },
  wrong: {
    name: fc.oneof(blank, tooLong(100)),
    description: tooLong(20_000),
    difficulty: fc.constantFrom('', 'easy', 'Trivial', ' Easy'),
    category: fc.constantFrom('', 'web', 'Pwn'),
    points: fc.constantFrom('', 'ten', '0', '-1', '1.5', '10001', '1e3', '99999999999999999999'),
    // A minimum above the points is refused too, but only while the points themselves are right.
    scoring: fc.constantFrom('', 'Dynamic', 'decaying'),
    minimumPoints: fc.constantFrom('', 'five', '-1', '1.5', '10001'),
    decay: fc.constantFrom('', '0', '-2', '2.5', '10001'),
    flags: fc.oneof(
      // No `[]`: whether a lab needs flags depends on its target, which may be spoiled too (the
      // rule has its own test).
      fc.constantFrom('', 'flag{x}', '{}', 'null', '[{"value":""}]', '[{"value":1}]'),
      fc.constantFrom('[{"value":"a","caseSensitive":"no"}]', `[{"value":"${'x'.repeat(501)}"}]`),
      fc.constantFrom(
        '[{"value":"a","kind":"glob"}]',
        '[{"value":"flag{(x","kind":"regex"}]',
        '[{"value":"(?<=a)b","kind":"regex"}]',
      ),
    ),
    hints: fc.oneof(
      fc.constantFrom('', 'hint', '{}', 'null', '[{"content":""}]', '[{"content":1}]'),
      fc.constantFrom('[{"content":"a","cost":-1}]', '[{"content":"a","cost":"5"}]'),
      fc.constantFrom('[{"content":"a","cost":2.5}]', '[{"content":"a","cost":10001}]'),
      fc.constantFrom('[{"id":"x","content":"a"}]', `[{"content":"${'x'.repeat(2_001)}"}]`),
      fc.constant(JSON.stringify(Array.from({ length: 11 }, () => ({ content: 'a' })))),
    ),
    target: wrongTarget,
  },
  files: ['labFiles'],
};

/** Valid lab forms of random content, flags included. */
const validLabForm = fc
  .record({
    name: text(100),
    description: text(2_000),
    difficulty: fc.constantFrom('Easy', 'Insane'),
    category: fc.constantFrom('Web', 'Reverse engineering'),
    points: fc.integer({ min: 1, max: 10_000 }).map(String),
    scoring: fc.constantFrom('fixed', 'dynamic'),
    minimumPoints: fc.integer({ min: 0, max: 10_000 }).map(String),
    decay: fc.integer({ min: 1, max: 10_000 }).map(String),
    flags: fc
      .array(
        fc.record({
          value: text(500),
          kind: fc.constantFrom('exact', 'regex'),
          caseSensitive: fc.boolean(),
        }),
        {
          minLength: 1,
          maxLength: 3,
        },
      )
      .map((flags) => JSON.stringify(flags)),
    hints: fc
      .array(fc.record({ content: text(2_000), cost: fc.integer({ min: 0, max: 10_000 }) }), {
        maxLength: 3,
      })
      .map((hints) => JSON.stringify(hints)),
  })
  .filter((fields) => createLabFieldsSchema.safeParse(fields).success)
  .map(form);

/** Half-right imports: archives and challenge.yml files of random content, of every kind. */
const importUpload = fc
  .record({
    filename: fc.constantFrom('labs.zip', 'labs.tar.gz', 'challenge.yml', 'labs.bin'),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 256 }),
      fc.string({ maxLength: 256 }).map((text) => new TextEncoder().encode(text)),
      fc
        .dictionary(
          // fflate reads its entries from an object: a `__proto__` key would be its prototype.
          fc.string({ maxLength: 40 }).filter((name) => name !== '__proto__'),
          fc.string({ maxLength: 100 }),
          { maxKeys: 4 },
        )
        .map((entries) =>
          zipSync(
            Object.fromEntries(
              Object.entries(entries).map(([name, text]) => [name, strToU8(text)]),
            ),
          ),
        ),
      fc.string({ maxLength: 200 }).map((text) => new Uint8Array(gzipSync(text))),
      fc
        .record({ name: fc.string({ maxLength: 20 }), value: fc.anything() })
        .map((challenge) =>
          strToU8(
            `name: ${JSON.stringify(challenge.name)}\nvalue: ${JSON.stringify(challenge.value)}\nflags: ["x"]\n`,
          ),
        ),
    ),
  })
  .map(({ filename, bytes }) =>
    multipartOf([{ name: 'archive', filename, type: 'application/octet-stream', bytes }]),
  );

/** Every API route but the OpenAPI reference, by domain; each domain has its test file. */
/** An invitation's address, as inviting and withdrawing take it. */
const inviteeEmailQuery = {
  good: { userEmail: 'invitee@example.org' },
  wrong: {
    userEmail: fc.oneof(
      fc.constantFrom('', 'not-an-email', '@example.org', 'a@', 'a b@c.org'),
      fc.constant(`${'a'.repeat(250)}@example.org`),
      fc.constant<string[]>(['a@example.org', 'b@example.org']),
    ),
  },
};

export const routeCases = {
  authAndUsers: {
    'POST /api/auth/antiforgery/token': {},
    'POST /api/auth/register': {
      json: {
        email: 'new-person@example.org',
        password: 'correct horse battery',
        displayName: 'Ada',
        roleId: 1,
      },
      // Each caller may register only 20 times an hour; the four together, 80.
      validBody: fc
        .record({
          email: fc.emailAddress(),
          password: fc.string({ unit: 'grapheme', minLength: 8, maxLength: 40 }),
          displayName: text(100),
          roleId: fc.constantFrom(1, 2),
        })
        .filter((body) => registerRequestSchema.safeParse(body).success)
        .map(json),
    },
    'GET /api/auth/providers': {},
    'GET /api/admin/sign-in-providers': { adminOnly: true },
    // Saving fetches nothing from the provider: an address on loopback that answers nothing.
    'PUT /api/admin/sign-in-providers/:id': {
      params: { id: () => 'oidc.bad-input' },
      json: {
        displayName: 'Bad Input School',
        issuer: 'http://127.0.0.1:9/',
        clientId: 'hackclass',
        clientSecret: 'secret',
        scopes: ['groups'],
        allowedDomains: ['school.example'],
        teacherDomains: [],
        teacherClaim: 'groups',
        teacherClaimValues: ['teachers'],
        schoolAccountsOnly: false,
        enabled: true,
      },
      nullable: ['teacherClaim'],
      adminOnly: true,
    },
    'DELETE /api/admin/sign-in-providers/:id': {
      params: { id: () => 'oidc.nowhere' },
      adminOnly: true,
    },
    'POST /api/admin/sign-in-providers/:id/check': {
      params: { id: () => 'oidc.nowhere' },
      adminOnly: true,
    },
    'GET /api/users/me': {},
    // Never the caller's own address, so that no caller of the suite deletes their account.
    'POST /api/users/me/sign-up-role': { json: { roleId: 2 } },
    'DELETE /api/users/me': { json: { email: 'someone-else@example.org' } },
    'GET /api/users/me/activity': {},
    'GET /api/users/me/quota': {},
    'GET /api/users': {
      query: {
        good: { search: 'ada', role: '1', page: '1', pageSize: '20' },
        wrong: {
          search: tooLong(200),
          role: fc.constantFrom('', '0', '5', 'admin', '1.5', '-1', '1e400'),
          page: fc.constantFrom('0', '-1', 'abc', '1.5', '1e400', '99999999999999999999'),
          pageSize: fc.constantFrom('0', '-5', '101', '1e9', 'x', '2.5'),
        },
      },
      adminOnly: true,
    },
    'POST /api/users/:id/approve-teacher': {
      params: { id: (world) => world.targetId },
      adminOnly: true,
    },
    'POST /api/users/:id/disable': { params: { id: (world) => world.targetId }, adminOnly: true },
    'DELETE /api/users/:id': {
      params: { id: (world) => world.targetId },
      json: { email: 'someone-else@example.org' },
      adminOnly: true,
    },
    'POST /api/users/:id/enable': { params: { id: (world) => world.targetId }, adminOnly: true },
    'PATCH /api/users/:id/role': {
      params: { id: (world) => world.targetId },
      json: { roleId: 2 },
      adminOnly: true,
    },
    'GET /api/admin/mail': {
      query: {
        good: { status: 'failed', page: '1', pageSize: '25' },
        wrong: {
          status: fc.constantFrom('', 'lost', 'FAILED', 'sent,failed'),
          page: fc.constantFrom('0', '-1', 'abc', '1.5', '1e400'),
          pageSize: fc.constantFrom('0', '101', '1e9', 'x'),
        },
      },
      adminOnly: true,
    },
    'POST /api/admin/mail/:id/retry': {
      params: { id: (world) => world.failedMailId },
      adminOnly: true,
    },
    'GET /api/users/me/api-tokens': {},
    'POST /api/users/me/api-tokens': {
      json: { name: 'Grades export', scopes: ['read'], expiresInDays: 30 },
    },
    'DELETE /api/users/me/api-tokens/:tokenId': {
      params: { tokenId: () => '00000000-0000-4000-8000-000000000000' },
    },
    'GET /api/api-tokens': {
      query: {
        good: { search: 'ada', page: '1', pageSize: '25' },
        wrong: {
          search: tooLong(200),
          page: fc.constantFrom('0', '-1', 'abc', '1.5', '1e400'),
          pageSize: fc.constantFrom('0', '101', '1e9', 'x'),
        },
      },
      adminOnly: true,
    },
    'DELETE /api/api-tokens/:tokenId': {
      params: { tokenId: () => '00000000-0000-4000-8000-000000000000' },
      adminOnly: true,
    },
    'PUT /api/page-session': { json: { keepSignedIn: false } },
    'DELETE /api/page-session': {},
    'GET /api/users/:id/notifications': { params: { id: (_world, caller) => caller.id } },
    'POST /api/users/:id/notifications/read': {
      params: { id: (_world, caller) => caller.id },
      json: { ids: ['00000000-0000-4000-8000-000000000000'] },
    },
  },
  classrooms: {
    'GET /api/classrooms': {},
    'GET /api/classrooms/:id': { params: { id: classroomId } },
    'POST /api/classrooms': { multipart: classroomForm, validBody: classroomForm.validBody },
    'PUT /api/classrooms/:id': {
      params: { id: classroomId },
      multipart: classroomForm,
      validBody: classroomForm.validBody,
    },
    'DELETE /api/classrooms/:id': { params: { id: (world) => world.spareClassroomId } },
    'POST /api/classrooms/:id/join-code': { params: { id: classroomId } },
    'GET /api/classrooms/:id/image': {
      params: { id: classroomId },
      query: { good: { v: '1' }, wrong: { v: fc.constant<string[]>(['1', '2']) } },
      produces: 'image/png',
    },
    'GET /api/classrooms/:id/events': {
      params: { id: classroomId },
      produces: 'text/event-stream',
    },
  },
  members: {
    'GET /api/classrooms/:id/members': {
      params: { id: classroomId },
      query: {
        good: { page: '1', pageSize: '20' },
        wrong: {
          status: fc.oneof(
            fc.constantFrom('Bogus', 'accepted', ''),
            fc.constant<string[]>(['Accepted', 'x']),
          ),
          search: tooLong(200),
          page: fc.constantFrom('0', '-1', 'abc', '1.5', '1e400', '99999999999999999999'),
          pageSize: fc.constantFrom('0', '-5', '101', '1e9', 'x', '2.5'),
        },
      },
    },
    'POST /api/classrooms/:id/members': {
      params: { id: classroomId },
      query: inviteeEmailQuery,
    },
    'DELETE /api/classrooms/:id/members': {
      params: { id: classroomId },
      query: inviteeEmailQuery,
    },
    'POST /api/classrooms/:id/invitations/resend': {
      params: { id: classroomId },
      query: inviteeEmailQuery,
    },
    'POST /api/classrooms/:id/invitations/preview': {
      params: { id: classroomId },
      json: { text: 'invitee@example.org' },
      validBody: fc
        .array(fc.oneof(fc.emailAddress(), text(40)), { minLength: 1, maxLength: 20 })
        .chain((cells) =>
          fc.constantFrom(',', ';', '\t', '\n', '\r\n').map((separator) => cells.join(separator)),
        )
        .map((text) => ({ text }))
        .filter((body) => invitationPreviewRequestSchema.safeParse(body).success)
        .map(json),
    },
    'POST /api/classrooms/:id/invitations/bulk': {
      params: { id: classroomId },
      json: { emails: ['invitee@example.org'] },
      validBody: fc
        .array(fc.emailAddress(), { minLength: 1, maxLength: 5 })
        .map((emails) => ({ emails }))
        .filter((body) => bulkInvitationRequestSchema.safeParse(body).success)
        .map(json),
    },
    'POST /api/classrooms/join': {
      json: { classroomCode: 'ABCDEFGH' },
      validBody: text(32)
        .map((classroomCode) => ({ classroomCode }))
        .filter((body) => joinClassroomRequestSchema.safeParse(body).success)
        .map(json),
    },
    'PATCH /api/classrooms/:id/members/:userId': {
      params: { id: classroomId, userId: (world) => world.memberId },
      json: { status: 'Accepted' },
    },
    'DELETE /api/classrooms/:id/members/:userId': {
      params: { id: classroomId, userId: (world) => world.memberId },
    },
  },
  invitations: {
    // A token of the right shape that no invitation has: the handlers answer for it all the same.
    'GET /api/invitations/:token': { params: { token: () => 'A'.repeat(43) } },
    'POST /api/invitations/:token/accept': { params: { token: () => 'A'.repeat(43) } },
  },
  labs: {
    'GET /api/hacking-labs': {},
    'GET /api/hacking-labs/:idOrSlug': { params: { idOrSlug: (world) => world.lab.slug } },
    'POST /api/hacking-labs': { multipart: labFields, validBody: validLabForm },
    'POST /api/hacking-labs/:id/target': {
      params: { id: (world) => world.lab.id },
      json: { image: 'registry.hackclass.invalid/labs/added:1', port: 8080, kind: 'http' },
    },
    'PUT /api/hacking-labs/:id': {
      params: { id: (world) => world.lab.id },
      multipart: {
        ...labFields,
        wrong: {
          ...labFields.wrong,
          removeFileIds: fc.constantFrom('', 'x', '["x"]', '{}', '[1]', 'null'),
        },
      },
      validBody: validLabForm,
    },
    'DELETE /api/hacking-labs/:id': {
      params: { id: (world) => world.spareLabId },
      query: { good: { force: 'false' }, wrong: { force: fc.constantFrom('maybe', '2', 'yes!') } },
    },
    'GET /api/hacking-labs/:idOrSlug/files/:fileId': {
      params: { idOrSlug: (world) => world.lab.id, fileId: (world) => world.fileId },
      produces: 'application/octet-stream',
    },
    'POST /api/hacking-labs/:idOrSlug/files/:fileId/link': {
      params: { idOrSlug: (world) => world.lab.id, fileId: (world) => world.fileId },
    },
    'GET /api/hacking-labs/:idOrSlug/files/:fileId/download': {
      params: { idOrSlug: (world) => world.lab.id, fileId: (world) => world.fileId },
      // Well-formed but unsigned: the handler runs and refuses it (403).
      query: {
        good: {
          user: '00000000-0000-4000-8000-000000000000',
          expires: '4102444800',
          signature: 'A'.repeat(43),
        },
        wrong: {
          user: fc.constantFrom('', 'me', '0000000-0000-4000-8000-000000000000'),
          expires: fc.constantFrom('', 'soon', '-1', '1.5', '0'),
          signature: fc.constantFrom('', 'x', 'A'.repeat(42), `${'A'.repeat(42)}=`),
        },
      },
      produces: 'application/octet-stream',
    },
    'POST /api/classrooms/:id/hacking-labs': {
      params: { id: classroomId },
      json: { hackingLabId: '00000000-0000-4000-8000-000000000000', ...labSchedule },
      nullable: ['opensAt', 'dueAt'],
    },
    'PATCH /api/classrooms/:id/hacking-labs/:labId': {
      params: { id: classroomId, labId: (world) => world.lab.id },
      json: labSchedule,
      nullable: ['opensAt', 'dueAt'],
    },
    'DELETE /api/classrooms/:id/hacking-labs/:labId': {
      params: { id: classroomId, labId: (world) => world.lab.id },
    },
  },
  labArchives: {
    'GET /api/hacking-labs/:id/export': {
      params: { id: (world) => world.lab.id },
      produces: 'application/gzip',
    },
    'GET /api/classrooms/:id/hacking-labs/export': {
      params: { id: classroomId },
      produces: 'application/gzip',
    },
    'POST /api/hacking-labs/import': {
      multipart: {
        good: { classroomId: '00000000-0000-4000-8000-000000000000' },
        wrong: { classroomId: fc.constantFrom('', 'x', '00000000-0000-4000-8000-00000000000') },
        files: ['archive'],
      },
      validBody: importUpload,
    },
  },
  standings: {
    'POST /api/classrooms/:id/hacking-labs/:labId/submissions': {
      params: { id: classroomId, labId: (world) => world.lab.id },
      json: { flag: 'flag{guess}' },
      validBody: text(500)
        .map((flag) => ({ flag }))
        .filter((body) => flagSubmissionRequestSchema.safeParse(body).success)
        .map(json),
    },
    'GET /api/classrooms/:id/submissions': {
      params: { id: classroomId },
      query: {
        good: { page: '1', pageSize: '20' },
        wrong: {
          labId: fc.constantFrom('', 'x', '1', '00000000-0000-0000-0000-00000000000G'),
          userId: fc.constantFrom('', 'me', '0000000-0000-4000-8000-000000000000'),
          page: fc.constantFrom('0', '-1', 'abc', '1.5', '1e400'),
          pageSize: fc.constantFrom('0', '-5', '101', 'x'),
        },
      },
    },
    'GET /api/classrooms/:id/leaderboard': {
      params: { id: classroomId },
      query: {
        good: { page: '1', pageSize: '50' },
        wrong: {
          page: fc.constantFrom('0', '-1', 'abc', '1.5', '1e400'),
          pageSize: fc.constantFrom('0', '-5', '101', 'x'),
        },
      },
    },
    'GET /api/classrooms/:id/analytics': { params: { id: classroomId } },
  },
  hints: {
    'GET /api/classrooms/:id/hacking-labs/:labId/hints': {
      params: { id: classroomId, labId: (world) => world.lab.id },
    },
    'POST /api/classrooms/:id/hacking-labs/:labId/hints/:hintId/unlock': {
      params: { id: classroomId, labId: (world) => world.lab.id, hintId: (world) => world.hintId },
    },
    'GET /api/classrooms/:id/hint-unlocks': {
      params: { id: classroomId },
      query: {
        good: { page: '1', pageSize: '20' },
        wrong: {
          labId: fc.constantFrom('', 'x', '1', '00000000-0000-0000-0000-00000000000G'),
          page: fc.constantFrom('0', '-1', 'abc', '1.5', '1e400'),
          pageSize: fc.constantFrom('0', '-5', '101', 'x'),
        },
      },
    },
  },
  targets: {
    'GET /api/classrooms/:id/labs/:labId/target': {
      params: { id: classroomId, labId: (world) => world.lab.id },
    },
    'POST /api/classrooms/:id/labs/:labId/target': {
      params: { id: classroomId, labId: (world) => world.lab.id },
    },
    'GET /api/targets/:targetId': { params: { targetId: liveTargetId } },
    'POST /api/targets/:targetId/extend': { params: { targetId: liveTargetId } },
    'POST /api/targets/:targetId/reset': { params: { targetId: liveTargetId } },
    'DELETE /api/targets/:targetId': { params: { targetId: liveTargetId } },
    'GET /api/classrooms/:id/targets': { params: { id: classroomId } },
    'DELETE /api/classrooms/:id/targets': { params: { id: classroomId } },
    'GET /api/classrooms/:id/target-settings': { params: { id: classroomId } },
    'PUT /api/classrooms/:id/target-settings': {
      params: { id: classroomId },
      json: { maxRunningTargets: 10 },
      nullable: ['maxRunningTargets'],
      validBody: fc
        .option(fc.integer({ min: 1, max: 1000 }), { nil: null })
        .map((maxRunningTargets) => json({ maxRunningTargets })),
    },
    'GET /api/targets': { adminOnly: true },
    'GET /api/users/me/box': {},
    'POST /api/classrooms/:id/box': { params: { id: classroomId } },
    // The world's target is a lab's: a valid request gets as far as not_a_box.
    'POST /api/targets/:targetId/lab-files': {
      params: { targetId: liveTargetId },
      json: { labId: '00000000-0000-4000-8000-000000000000' },
    },
    'GET /api/target-engine': { adminOnly: true },
    // Not in LAB_IMAGE_ALLOW and on no engine: refused before any registry is asked.
    'POST /api/target-images/check': { json: { image: 'registry.hackclass.invalid/labs/sqli:3' } },
  },
  coTeachers: {
    'GET /api/classrooms/:id/co-teachers': { params: { id: classroomId } },
    'POST /api/classrooms/:id/co-teachers': {
      params: { id: classroomId },
      json: { email: 'co-teacher@example.org' },
      // Any address reaches the handler: none of these is a teacher's (409 not_a_teacher).
      validBody: fc
        .emailAddress({ size: 'small' })
        .filter((email) => addCoTeacherSchema.safeParse({ email }).success)
        .map((email) => json({ email })),
    },
    // Someone who co-teaches nothing: 404 once the path is valid.
    'DELETE /api/classrooms/:id/co-teachers/:userId': {
      params: { id: classroomId, userId: (world) => world.memberId },
    },
  },
  targetTickets: {
    'POST /api/targets/:targetId/ticket': { params: { targetId: (world) => world.liveTargetId } },
    // The world's target is an HTTP one: a valid request gets as far as not_a_tcp_target.
    'POST /api/targets/:targetId/tunnel': { params: { targetId: (world) => world.liveTargetId } },
    // Likewise, as far as its having no terminal.
    'POST /api/targets/:targetId/terminal': { params: { targetId: (world) => world.liveTargetId } },
  },
  gradebook: {
    'GET /api/classrooms/:id/gradebook': {
      params: { id: classroomId },
      query: {
        good: { sort: 'name', search: 'a', page: '1', pageSize: '50' },
        wrong: gradebookWrong,
      },
    },
    'GET /api/classrooms/:id/gradebook.csv': {
      params: { id: classroomId },
      query: {
        good: { sort: 'points', search: 'a' },
        wrong: { sort: gradebookWrong.sort, search: gradebookWrong.search },
      },
      produces: 'text/csv',
    },
    'GET /api/classrooms/:id/members/:userId/timeline': {
      params: { id: classroomId, userId: (world) => world.memberId },
      query: {
        good: { page: '1', pageSize: '50' },
        wrong: { page: gradebookWrong.page, pageSize: fc.constantFrom('0', '-5', '101', 'x') },
      },
    },
  },
  announcements: {
    'GET /api/classrooms/:id/announcements': {
      params: { id: classroomId },
      query: {
        good: { page: '1', pageSize: '5' },
        wrong: {
          page: fc.constantFrom('0', '-1', 'abc', '1.5', '1e400', '99999999999999999999'),
          pageSize: fc.constantFrom('0', '-5', '51', '1e9', 'x', '2.5'),
        },
      },
    },
    'POST /api/classrooms/:id/announcements': {
      params: { id: classroomId },
      json: { body: 'Lab 2 opens **tomorrow**', emailMembers: false },
      validBody: fc
        .tuple(text(ANNOUNCEMENT_MAX_LENGTH), fc.boolean())
        .map(([body, emailMembers]) => ({ body, emailMembers }))
        .filter((body) => createAnnouncementSchema.safeParse(body).success)
        .map(json),
    },
    // An announcement that is not there: the handler runs and answers 404.
    'DELETE /api/classrooms/:id/announcements/:announcementId': {
      params: { id: classroomId, announcementId: () => '00000000-0000-4000-8000-000000000000' },
    },
    'GET /api/users/me/events': { produces: 'text/event-stream' },
  },
  webVitals: {
    'POST /api/web-vitals': {
      json: { page: '/login', lcp: 1800, inp: 120, cls: 0.05, fcp: 900, ttfb: 150 },
      // Any measure a browser could send, huge ones too: they are clamped, never refused.
      validBody: fc
        .record(
          {
            page: fc.constantFrom(...WEB_VITALS_PAGES),
            lcp: fc.double({ min: 0, max: 1e300, noNaN: true }),
            inp: fc.double({ min: 0, max: 1e300, noNaN: true }),
            cls: fc.double({ min: 0, max: 1e300, noNaN: true }),
            fcp: fc.double({ min: 0, max: 1e300, noNaN: true }),
            ttfb: fc.double({ min: 0, max: 1e300, noNaN: true }),
          },
          { requiredKeys: ['page'] },
        )
        .map(json),
    },
  },
} satisfies Record<string, Record<string, RouteCase>>;

export type Domain = keyof typeof routeCases;
