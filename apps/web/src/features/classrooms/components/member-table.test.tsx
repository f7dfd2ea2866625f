import type { MemberListItem } from '@hackclass/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../test/render-in-app';
import { MemberTable } from './member-table';

const member = (name: string, fields: Partial<MemberListItem> = {}): MemberListItem => ({
  userId: crypto.randomUUID(),
  name,
  email: `${name.toLowerCase()}@example.com`,
  status: 'Accepted',
  points: 0,
  isCreator: false,
  ...fields,
});

const creator = member('Grace', { isCreator: true, points: 40 });
const student = member('Ada', { points: 120 });
const waiting = member('Alan', { status: 'PendingApproval' });
const invitation = member('linus@example.com', {
  userId: null,
  status: 'Invited',
  email: 'linus@example.com',
});
const members = [creator, student, waiting, invitation];

async function renderTable(canManage: boolean, approvingId?: string) {
  const onApprove = vi.fn();
  const onRemove = vi.fn();
  const onResend = vi.fn();
  const screen = await renderInApp(
    <MemberTable
      members={members}
      canManage={canManage}
      approvingId={approvingId}
      onApprove={onApprove}
      onRemove={onRemove}
      onResend={onResend}
    />,
  );
  return { screen, onApprove, onRemove, onResend };
}

describe('MemberTable', () => {
  it('offers each status its own actions to those who manage the classroom', async () => {
    const { screen, onApprove, onRemove, onResend } = await renderTable(true);

    await expect.element(screen.getByRole('button', { name: 'Approve Alan' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Approve/ }).elements()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove Grace' }).query()).toBeNull();
    await expect.element(screen.getByRole('button', { name: 'Remove Ada' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Remove Alan' })).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Withdraw the invitation to linus@example.com' }))
      .toMatchTextContent('Withdraw');

    await screen.getByRole('button', { name: 'Approve Alan' }).click();
    expect(onApprove).toHaveBeenCalledWith(waiting);
    await screen.getByRole('button', { name: 'Remove Ada' }).click();
    await screen
      .getByRole('button', { name: 'Withdraw the invitation to linus@example.com' })
      .click();
    expect(onRemove.mock.calls).toEqual([[student], [invitation]]);
    expect(screen.getByRole('button', { name: /^Send again/ }).elements()).toHaveLength(1);
    await screen
      .getByRole('button', { name: 'Send again the invitation to linus@example.com' })
      .click();
    expect(onResend).toHaveBeenCalledWith(invitation);
  });

  it('shows the creator and every status, with emails for managers', async () => {
    const { screen } = await renderTable(true);
    const rows = screen.getByRole('row');

    expect(rows.elements()).toHaveLength(members.length + 1);
    await expect
      .element(rows.first())
      .toMatchTextContent(/^Name\s*Email\s*Status\s*Points\s*Actions$/);
    await expect.element(rows.nth(1)).toMatchTextContent(/Grace\s*Creator/);
    await expect.element(rows.nth(1)).toMatchTextContent('grace@example.com');
    await expect.element(rows.nth(2)).toMatchTextContent(/Accepted\s*120/);
    await expect.element(rows.nth(3)).toMatchTextContent('Pending approval');
    await expect.element(rows.nth(4)).toMatchTextContent('Invited');
  });

  it('marks the approval being sent', async () => {
    const { screen } = await renderTable(true, waiting.userId ?? undefined);

    await expect
      .element(screen.getByRole('button', { name: 'Approve Alan' }))
      .toHaveAttribute('data-loading', 'true');
  });

  it('gives students names, statuses and points only', async () => {
    const { screen } = await renderTable(false);

    await expect
      .element(screen.getByRole('row').first())
      .toMatchTextContent(/^Name\s*Status\s*Points$/);
    expect(screen.getByRole('button').query()).toBeNull();
    expect(screen.getByText('ada@example.com').query()).toBeNull();
  });
});
