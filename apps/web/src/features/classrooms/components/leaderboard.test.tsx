import type { ClassroomMember } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { renderInApp } from '../../../../test/render-in-app';
import { Leaderboard } from './leaderboard';

const member = (name: string, points: number, firstSolves: number): ClassroomMember => ({
  userId: crypto.randomUUID(),
  name,
  points,
  firstSolves,
  isCreator: false,
});

describe('Leaderboard', () => {
  it('marks those who solved labs first, with their count and a tooltip', async () => {
    const screen = await renderInApp(
      <Leaderboard
        members={[member('Grace', 300, 0), member('Ada', 400, 2), member('Linus', 100, 1)]}
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
});
