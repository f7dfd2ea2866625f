import type { Leaderboard as Board, LeaderboardEntry } from '@hackclass/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { initIdentity } from '@/lib/identity';
import { createQueryClient } from '@/lib/query-client';
import { serveApi } from '../../../../test/fake-api';
import { renderInApp } from '../../../../test/render-in-app';
import { loadTestRuntimeConfig } from '../../../../test/runtime-config';
import { getClassroomQueryOptions } from '../api/get-classroom';
import { Leaderboard } from './leaderboard';

const classroomId = '2f9d3c56-8d5e-4a43-9a3e-0a4f4c1d7b10';

const entry = (name: string, points: number, firstSolves: number, rank: number) =>
  ({
    rank,
    userId: crypto.randomUUID(),
    name,
    points,
    solves: firstSolves,
    firstSolves,
    reachedAt: points > 0 ? '2026-11-02T10:00:00.000Z' : null,
  }) satisfies LeaderboardEntry;

/** The leaderboard endpoint as the API answers it: the board's entries, paged. */
const pagesOf = (entries: LeaderboardEntry[]) => (url: URL) => {
  const page = Number(url.searchParams.get('page'));
  const pageSize = Number(url.searchParams.get('pageSize'));
  return {
    items: entries.slice((page - 1) * pageSize, page * pageSize),
    total: entries.length,
    page,
    pageSize,
    pageCount: Math.ceil(entries.length / pageSize),
  } satisfies Board;
};

const boardRows = (screen: Awaited<ReturnType<typeof renderInApp>>) =>
  screen.getByRole('table', { name: 'Leaderboard' }).getByRole('row');

describe('Leaderboard', () => {
  beforeAll(async () => {
    await initIdentity(await loadTestRuntimeConfig());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('marks those who solved labs first, with their count and a tooltip', async () => {
    serveApi(
      pagesOf([entry('Ada', 400, 2, 1), entry('Grace', 300, 0, 2), entry('Linus', 100, 1, 3)]),
    );
    const screen = await renderInApp(<Leaderboard classroomId={classroomId} />);
    const rows = boardRows(screen);
    await expect.element(rows.nth(1)).toMatchTextContent(/^1Ada2400$/);
    const mark = rows.nth(1).getByRole('img', { name: 'First to solve 2 labs' });
    await expect.element(mark).toBeVisible();
    expect(rows.nth(2).getByRole('img').query()).toBeNull();
    await expect
      .element(rows.nth(3).getByRole('img', { name: 'First to solve 1 lab' }))
      .toBeVisible();

    await userEvent.tab();
    await expect.element(mark).toHaveFocus();
    await expect.element(screen.getByRole('tooltip')).toMatchTextContent('First to solve 2 labs');
  });

  it('shows the ranks it is given, shared ones too', async () => {
    serveApi(
      pagesOf([
        entry('Zoe', 100, 1, 1),
        entry('Ada', 100, 0, 2),
        entry('Bo', 0, 0, 3),
        entry('Cy', 0, 0, 3),
      ]),
    );
    const screen = await renderInApp(<Leaderboard classroomId={classroomId} />);
    const rows = boardRows(screen);
    await expect.element(rows.nth(1)).toMatchTextContent(/^1Zoe1100$/);
    await expect.element(rows.nth(2)).toMatchTextContent(/^2Ada100$/);
    await expect.element(rows.nth(3)).toMatchTextContent(/^3Bo0$/);
    await expect.element(rows.nth(4)).toMatchTextContent(/^3Cy0$/);
    expect(rows.all()).toHaveLength(5);
  });

  it('reads the board a page at a time, ten unless asked for more', async () => {
    const entries = Array.from({ length: 23 }, (_, index) =>
      entry(`Student ${String(index + 1).padStart(2, '0')}`, 1000 - index * 10, 0, index + 1),
    );
    const api = serveApi(pagesOf(entries));
    const screen = await renderInApp(<Leaderboard classroomId={classroomId} />);
    const rows = boardRows(screen);
    await expect.element(screen.getByText('23 ranked · page 1 of 3')).toBeVisible();
    await expect.element(rows.nth(1)).toMatchTextContent(/^1Student 011000$/);
    expect(rows.all()).toHaveLength(11);
    expect(api.requested.at(-1)?.pathname).toBe(`/api/classrooms/${classroomId}/leaderboard`);
    expect(api.requested.at(-1)?.searchParams.toString()).toBe('page=1&pageSize=10');

    await screen.getByRole('button', { name: 'Page 3' }).click();
    await expect.element(screen.getByText('23 ranked · page 3 of 3')).toBeVisible();
    await expect.element(rows.nth(1)).toMatchTextContent(/^21Student 21800$/);
    expect(rows.all()).toHaveLength(4);

    await screen.getByRole('combobox', { name: 'Per page' }).click();
    await screen.getByRole('option', { name: '50' }).click();
    await expect.element(screen.getByText('23 ranked · page 1 of 1')).toBeVisible();
    expect(rows.all()).toHaveLength(24);
    expect(api.requested.at(-1)?.searchParams.toString()).toBe('page=1&pageSize=50');
  });

  it('says so while it loads, and when nobody is on the board yet', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      await answered;
      return Response.json(pagesOf([])(new URL(String(input), window.location.origin)));
    });
    const screen = await renderInApp(<Leaderboard classroomId={classroomId} />);
    await expect.element(screen.getByLabelText('Loading the leaderboard')).toBeVisible();
    answer();
    await expect.element(screen.getByText('No members yet')).toBeVisible();
    expect(screen.getByRole('table').query()).toBeNull();
  });

  it('reads the board again when its classroom is refetched, as its live events do', async () => {
    let entries = [entry('Ada', 100, 1, 1), entry('Grace', 0, 0, 2)];
    serveApi((url) => pagesOf(entries)(url));
    const queryClient = createQueryClient();
    const screen = await renderInApp(<Leaderboard classroomId={classroomId} />, queryClient);
    const rows = boardRows(screen);
    await expect.element(rows.nth(1)).toMatchTextContent(/^1Ada1100$/);

    entries = [entry('Grace', 150, 1, 1), entry('Ada', 100, 1, 2)];
    await queryClient.invalidateQueries({
      queryKey: getClassroomQueryOptions(classroomId).queryKey,
    });
    await expect.element(rows.nth(1)).toMatchTextContent(/^1Grace1150$/);
  });
});
