import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAntiforgeryToken, newAntiforgerySecret } from '../../src/plugins/antiforgery-token';
import { type ApiServer, startApiServer } from '../support';
import { type Browser, browser } from './browser';
import { createCallers, seedFixtures } from './fixture';
import {
  CALLERS,
  type Caller,
  type Fixture,
  MATRIX,
  type MatrixRow,
  needsAntiforgery,
} from './matrix';

const rowName = ({ method, route }: Pick<MatrixRow, 'method' | 'route'>) => `${method} ${route}`;

/** Every row × caller, each its own test. */
const CELLS = MATRIX.flatMap((row) =>
  CALLERS.map((caller) => {
    const status = row.expect[caller];
    return [`${rowName(row)} as ${caller} → ${status}`, { caller, status, row }] as const;
  }),
);

/** Ways to send a state-changing request without the caller's own anti-forgery token. */
const WITHOUT_TOKEN = {
  'without X-XSRF-TOKEN': async () => undefined,
  'with a forged X-XSRF-TOKEN': async () => createAntiforgeryToken(newAntiforgerySecret(), ''),
  'with another tab’s valid X-XSRF-TOKEN': () => elsewhere.antiforgeryToken(),
};

/** Every state-changing row × each way, as the least privileged caller it lets through. */
const FORGERIES = MATRIX.filter(needsAntiforgery).flatMap((row) => {
  // A row no caller succeeds at (deleting one's account is refused there) uses the first
  // caller it authenticates: the anti-forgery check comes before anything the handler refuses.
  // A row whose best answer is the engine's 503 (none in the matrix) uses a caller who gets there.
  // A row whose handler refuses everyone (a tunnel to the fixture's HTTP target, a second target
  // for its lab, a provider that is not there) uses a caller the handler refuses, rather than one
  // refused as unverified.
  const caller =
    CALLERS.find((candidate) => row.expect[candidate] < 300) ??
    CALLERS.find((candidate) => row.expect[candidate] >= 500) ??
    CALLERS.find((candidate) => [400, 404, 409].includes(row.expect[candidate])) ??
    CALLERS.find((candidate) => row.expect[candidate] !== 401);
  if (!caller) throw new Error(`${rowName(row)}: no caller gets past authentication`);
  return Object.entries(WITHOUT_TOKEN).map(
    ([how, xsrf]) =>
      [
        `${rowName(row)} as ${caller} ${how} → 403 antiforgery_failed`,
        { caller, xsrf, row },
      ] as const,
  );
});

let server: ApiServer;
/** One untouched fixture for each test that sends requests, so none sees another's changes. */
let fixtures: Fixture[];
let tabs: Record<Caller, Browser>;
/** Another browser, whose tokens are valid only with its own cookie. */
let elsewhere: Browser;

beforeAll(async () => {
  // One owner holds every fixture's classroom and labs, hundreds of each: past any quota.
  // Every fixture's invitations count against its owner's daily allowance.
  server = await startApiServer({
    quotas: { labs: 1_000_000, classrooms: 1_000_000 },
    invitationsPerDay: 100_000,
  });
  const callers = await createCallers(server);
  fixtures = await seedFixtures(server, callers, CELLS.length + FORGERIES.length);
  tabs = Object.fromEntries(
    CALLERS.map((caller) => [caller, browser(server, callers.idTokens[caller])]),
  ) as Record<Caller, Browser>;
  elsewhere = browser(server, callers.idTokens.member);
});
afterAll(() => server.close());

function freshFixture(): Fixture {
  const fixture = fixtures.pop();
  if (!fixture) throw new Error('more tests than fixtures');
  return fixture;
}

/** The problem code a refusal must carry, so that a 403 is the refusal it should be. */
function expectedCode(caller: Caller, status: number): string | undefined {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return caller === 'unverified' ? 'email_not_verified' : 'forbidden';
  if (status === 404) return 'not_found';
  return undefined;
}

/** The request as the caller's tab sends it, with its valid token when it changes state. */
async function sendAs(caller: Caller, row: MatrixRow, fixture: Fixture) {
  const tab = tabs[caller];
  const xsrf = needsAntiforgery(row) ? await tab.antiforgeryToken() : undefined;
  return tab.send(row.method, row.request(fixture), xsrf);
}

describe('the authorization matrix', () => {
  it('has one row for every API route, and none for a route that does not exist', () => {
    const registered = [
      ...new Set(
        server.routes
          .filter(({ url }) => !url.startsWith('/api/docs'))
          .map(({ method, url }) => `${method} ${url}`),
      ),
    ];
    const rows = MATRIX.map(rowName);
    expect(rows.filter((row, index) => rows.indexOf(row) !== index)).toEqual([]);
    expect({
      withoutRow: registered.filter((route) => !rows.includes(route)),
      notARoute: rows.filter((row) => !registered.includes(row)),
    }).toEqual({ withoutRow: [], notARoute: [] });
  });

  it.each(CELLS)('%s', async (_name, { caller, status, row }) => {
    const response = await sendAs(caller, row, freshFixture());
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    const code = expectedCode(caller, status);
    if (code) expect(response.code).toBe(code);
  });
});

describe('anti-forgery on every state-changing route', () => {
  it.each(FORGERIES)('%s', async (_name, { caller, xsrf, row }) => {
    const fixture = freshFixture();
    const tab = tabs[caller];
    // The tab has its own cookie, as a browser that loaded the app would.
    await tab.antiforgeryToken();
    const refused = await tab.send(row.method, row.request(fixture), await xsrf());
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.code).toBe('antiforgery_failed');
    // Refused before anything changed: with its token, the very same request still succeeds.
    const allowed = await sendAs(caller, row, fixture);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(row.expect[caller]);
  });
});

// Last in the file: the requests of every test above have been answered.
it('answers every route only with the error codes it declares', () => {
  expect([...server.undeclaredErrors]).toEqual([]);
});
