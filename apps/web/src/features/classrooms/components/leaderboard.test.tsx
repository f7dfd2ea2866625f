import type { ClassroomMember } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { renderInApp } from '../../../../test/render-in-app';
import { Leaderboard } from './leaderboard';

const member = (
  name: string,
  points: number,
  firstSolves: number,
  rank: number | null,
): ClassroomMember => ({
  userId: crypto.randomUUID(),
  name,
  points,
  firstSolves,
  rank,
  isCreator: false,
});

describe('Leaderboard', () => {
  it('marks those who solved labs first, with their count and a tooltip', async () => {
    const screen = await renderInApp(
      <Leaderboard
        members={[member('Ada', 400, 2, 1), member('Grace', 300, 0, 2), member('Linus', 100, 1, 3)]}
      />,
    );
    const rows = screen.getByRole('row');
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

  it('shows the ranks it is given, shared ones too, and leaves out who is not on the board', async () => {
    const creator = { ...member('Tess Teacher', 0, 0, null), isCreator: true };
    const screen = await renderInApp(
      <Leaderboard
        members={[
          creator,
          member('Zoe', 100, 1, 1),
          member('Ada', 100, 0, 2),
          member('Bo', 0, 0, 3),
          member('Cy', 0, 0, 3),
          member('Root Admin', 0, 0, null),
        ]}
      />,
    );
    const rows = screen.getByRole('row');
    await expect.element(rows.nth(1)).toMatchTextContent(/^1Zoe1100$/);
    await expect.element(rows.nth(2)).toMatchTextContent(/^2Ada100$/);
    await expect.element(rows.nth(3)).toMatchTextContent(/^3Bo0$/);
    await expect.element(rows.nth(4)).toMatchTextContent(/^3Cy0$/);
    expect(rows.all()).toHaveLength(5);
  });
});
