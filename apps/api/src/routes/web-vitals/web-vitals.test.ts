import { WEB_VITALS_MAX_BODY_BYTES, WEB_VITALS_REPORTS_PER_MINUTE } from '@hackclass/contracts';
import { parsePrometheusText, sampleSum } from '@hackclass/http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';

let server: ApiServer;
let student: Person;

beforeAll(async () => {
  server = await startApiServer();
  student = await signedInAs(server, 'student');
});
afterAll(() => server.close());

const CLASSROOM = '/classrooms/:classroomId';

async function scrape() {
  const response = await server.app.inject('/metrics');
  expect(response.statusCode).toBe(200);
  return parsePrometheusText(response.body);
}

/** The report as a browser sends it: over HTTP, with no token, cookie or anti-forgery header. */
const report = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}/api/web-vitals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Each histogram's count and sum for `page`. */
async function histograms(page: string) {
  const samples = await scrape();
  return Object.fromEntries(
    ['lcp_seconds', 'inp_seconds', 'cls', 'fcp_seconds', 'ttfb_seconds'].flatMap((name) => [
      [`${name}_count`, sampleSum(samples, `hackclass_web_vitals_${name}_count`, { page })],
      [`${name}_sum`, sampleSum(samples, `hackclass_web_vitals_${name}_sum`, { page })],
    ]),
  );
}

describe('POST /api/web-vitals', () => {
  it('records a page view’s measures in seconds, by the page’s route pattern', async () => {
    const before = await histograms(CLASSROOM);
    const answer = await report({
      page: CLASSROOM,
      lcp: 1_800,
      inp: 120,
      cls: 0.05,
      fcp: 900,
      ttfb: 150,
    });
    expect(answer.status).toBe(204);
    const after = await histograms(CLASSROOM);
    const moved = Object.fromEntries(
      Object.entries(after).map(([key, value]) => [key, value - (before[key] ?? 0)]),
    );
    expect(moved).toEqual({
      lcp_seconds_count: 1,
      lcp_seconds_sum: expect.closeTo(1.8, 6),
      inp_seconds_count: 1,
      inp_seconds_sum: expect.closeTo(0.12, 6),
      cls_count: 1,
      cls_sum: expect.closeTo(0.05, 6),
      fcp_seconds_count: 1,
      fcp_seconds_sum: expect.closeTo(0.9, 6),
      ttfb_seconds_count: 1,
      ttfb_seconds_sum: expect.closeTo(0.15, 6),
    });
    const samples = await scrape();
    const bucket = (le: string) =>
      sampleSum(samples, 'hackclass_web_vitals_lcp_seconds_bucket', { page: CLASSROOM, le });
    expect(bucket('2')).toBeGreaterThan(bucket('1.5'));
  });

  it('takes a report with only some measures, signed in too, and records only those', async () => {
    const before = await histograms('/dashboard');
    const answer = await report(
      { page: '/dashboard', cls: 0 },
      { authorization: `Bearer ${student.idToken}` },
    );
    expect(answer.status).toBe(204);
    const after = await histograms('/dashboard');
    expect(after.cls_count).toBe((before.cls_count ?? 0) + 1);
    expect(after.lcp_seconds_count).toBe(before.lcp_seconds_count);
  });

  it('clamps measures past their sane range', async () => {
    const before = await histograms('/help-center');
    expect((await report({ page: '/help-center', lcp: 1e12, cls: 1e6 })).status).toBe(204);
    const after = await histograms('/help-center');
    expect((after.lcp_seconds_sum ?? 0) - (before.lcp_seconds_sum ?? 0)).toBe(60);
    expect((after.cls_sum ?? 0) - (before.cls_sum ?? 0)).toBe(10);
  });

  it('refuses what is no report with a problem document, and records nothing', async () => {
    const before = await scrape();
    const refusals: [unknown, number, string][] = [
      [{ page: '/classrooms/4f1c2a9e-0000-4000-8000-000000000000', lcp: 1000 }, 400, 'page'],
      [{ page: 'other', lcp: -1 }, 400, 'lcp'],
      [{ page: 'other', inp: '80' }, 400, 'inp'],
      [{ page: 'other', fid: 80 }, 400, 'fid'],
      [{ lcp: 1000 }, 400, 'page'],
      ['{"page":"other","lcp":1e400}', 400, 'lcp'],
      ['{"page":', 400, ''],
      [{ page: 'other', lcp: 1000, padding: 'x'.repeat(WEB_VITALS_MAX_BODY_BYTES) }, 413, ''],
    ];
    for (const [body, status, field] of refusals) {
      const answer = await report(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const problem = (await answer.json()) as { errors?: Record<string, string[]> };
      if (field) expect(Object.keys(problem.errors ?? {})).toEqual([field]);
    }
    const asText = await report('{"page":"other","lcp":1000}', { 'content-type': 'text/plain' });
    expect(asText.status).toBe(415);
    const after = await scrape();
    const reports = (samples: typeof before) =>
      samples
        .filter((sample) => /^hackclass_web_vitals_\w+_count$/.test(sample.name))
        .reduce((sum, sample) => sum + sample.value, 0);
    expect(reports(after)).toBe(reports(before));
  });

  it(`takes ${WEB_VITALS_REPORTS_PER_MINUTE} reports a minute from one client address`, async () => {
    const from = (remoteAddress: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/web-vitals',
        remoteAddress,
        payload: { page: '/', lcp: 1000 },
      });
    for (let sent = 0; sent < WEB_VITALS_REPORTS_PER_MINUTE; sent++) {
      expect((await from('192.0.2.10')).statusCode).toBe(204);
    }
    const refused = await from('192.0.2.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await from('192.0.2.11')).statusCode).toBe(204);
  });
});
