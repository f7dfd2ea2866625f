import type { CoTeacher } from '@hackclass/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../test/render-in-app';
import { CoTeacherTable } from './co-teacher-table';

const coTeacher = (name: string): CoTeacher => ({
  userId: crypto.randomUUID(),
  name,
  email: `${name.toLowerCase()}@example.com`,
  addedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  can: { remove: false },
});

const grace = coTeacher('Grace');
const alan = coTeacher('Alan');

/** The table as `currentUserId` sees it, who may remove the co-teachers `removable` names. */
async function renderTable(removable: CoTeacher[], currentUserId?: string) {
  const onRemove = vi.fn();
  const rows = [grace, alan].map((row) => ({ ...row, can: { remove: removable.includes(row) } }));
  const screen = await renderInApp(
    <CoTeacherTable coTeachers={rows} currentUserId={currentUserId} onRemove={onRemove} />,
  );
  return { screen, onRemove, rows };
}

describe('CoTeacherTable', () => {
  it('lets whoever manages co-teachers remove each, and shows when each was added', async () => {
    const { screen, onRemove, rows } = await renderTable([grace, alan], 'the-creator');

    await expect.element(screen.getByRole('row').nth(1)).toMatchTextContent(/Grace\s*grace@/);
    await expect.element(screen.getByRole('row').nth(1)).toMatchTextContent('3 days ago');
    await screen.getByRole('button', { name: 'Remove Alan' }).click();
    expect(onRemove).toHaveBeenCalledWith(rows[1]);
    expect(screen.getByRole('button', { name: 'Step down' }).query()).toBeNull();
  });

  it('offers a co-teacher only to step down, on their own row', async () => {
    const { screen, onRemove, rows } = await renderTable([alan], alan.userId);

    expect(screen.getByRole('button').elements()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove Grace' }).query()).toBeNull();
    await screen.getByRole('button', { name: 'Step down' }).click();
    expect(onRemove).toHaveBeenCalledWith(rows[1]);
  });
});
