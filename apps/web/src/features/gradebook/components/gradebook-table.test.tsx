import type { GradebookLab, GradebookStudent } from '@hackclass/contracts';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date-time';
import { renderInApp } from '../../../../test/render-in-app';
import { GradebookTable } from './gradebook-table';

const labs: GradebookLab[] = [
  { id: crypto.randomUUID(), name: 'Alpha', points: 100, dueAt: null, latePercent: 100 },
  {
    id: crypto.randomUUID(),
    name: 'Bravo',
    points: 50,
    dueAt: '2026-03-02T10:00:00.000Z',
    latePercent: 50,
  },
];
const solvedAt = '2026-03-02T11:30:00.000Z';
const ada: GradebookStudent = {
  userId: crypto.randomUUID(),
  name: 'Ada',
  total: 95,
  solved: 2,
  cells: [
    {
      labId: labs[0]?.id ?? '',
      solved: true,
      points: 70,
      solvedAt: '2026-03-02T09:00:00.000Z',
      late: false,
      hintCost: 30,
    },
    { labId: labs[1]?.id ?? '', solved: true, points: 25, solvedAt, late: true, hintCost: 0 },
  ],
};
const bob: GradebookStudent = {
  userId: crypto.randomUUID(),
  name: 'Bob',
  total: 0,
  solved: 0,
  cells: labs.map((lab) => ({
    labId: lab.id,
    solved: false,
    points: 0,
    solvedAt: null,
    late: false,
    hintCost: lab.name === 'Bravo' ? 10 : 0,
  })),
};

describe('GradebookTable', () => {
  it('shows points, late marks, dashes and the details on hover', async () => {
    const screen = await renderInApp(<GradebookTable labs={labs} students={[ada, bob]} />);
    const rows = screen.getByRole('row');
    await expect.element(rows.nth(1)).toMatchTextContent('Ada952/27025Late');
    await expect.element(rows.nth(2)).toMatchTextContent('Bob00/2——');
    await expect
      .element(rows.nth(0))
      .toMatchTextContent(`Bravo50 pts · due ${formatDateTime(labs[1]?.dueAt ?? '')} · late 50%`);
    await expect
      .element(screen.getByTitle(`Solved ${formatDateTime(solvedAt)} (late)`))
      .toBeVisible();
    await expect.element(screen.getByTitle(/hints −30$/)).toMatchTextContent('70');
    await expect.element(screen.getByTitle('Not solved · hints −10')).toMatchTextContent('—');
    expect(screen.getByRole('button').query()).toBeNull();
  });

  it('opens a student’s timeline from their name for managers', async () => {
    const onOpenStudent = vi.fn();
    const screen = await renderInApp(
      <GradebookTable labs={labs} students={[ada, bob]} onOpenStudent={onOpenStudent} />,
    );
    await screen.getByRole('button', { name: 'Bob: open timeline' }).click();
    expect(onOpenStudent).toHaveBeenCalledWith(bob);
  });
});
