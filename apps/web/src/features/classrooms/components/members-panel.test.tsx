import type { MemberList, MemberListItem, MemberStatus } from '@hackclass/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { initIdentity } from '@/lib/identity';
import { type ApiAnswer, serveApi } from '../../../../test/fake-api';
import { renderInApp } from '../../../../test/render-in-app';
import { loadTestRuntimeConfig } from '../../../../test/runtime-config';
import { MembersPanel } from './members-panel';

const classroomId = '2f9d3c56-8d5e-4a43-9a3e-0a4f4c1d7b10';

const member = (name: string, status: MemberStatus = 'Accepted'): MemberListItem => ({
  userId: status === 'Invited' ? null : crypto.randomUUID(),
  name,
  email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
  status,
  points: 0,
  isCreator: false,
});

/** 23 members: Student 01 to 20 accepted, then two waiting for approval and one invited. */
const classroomMembers = [
  ...Array.from({ length: 20 }, (_, index) =>
    member(`Student ${String(index + 1).padStart(2, '0')}`),
  ),
  member('Ada Lovelace', 'PendingApproval'),
  member('Alan Turing', 'PendingApproval'),
  member('Grace Hopper', 'Invited'),
];

/** The members endpoint as the API answers it: filtered by status and name, then paged. */
const membersOf =
  (members: MemberListItem[]): ApiAnswer =>
  (url) => {
    const statuses = url.searchParams.getAll('status');
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const matching = members.filter(
      (item) =>
        (statuses.length === 0 || statuses.includes(item.status)) &&
        item.name.toLowerCase().includes(search),
    );
    return {
      items: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
      page,
      pageSize,
      pageCount: Math.max(1, Math.ceil(matching.length / pageSize)),
      counts: {
        members: members.filter((item) => item.status === 'Accepted' && !item.isCreator).length,
        ...(statuses.includes('Accepted') && statuses.length === 1
          ? {}
          : {
              asking: members.filter((item) => item.status === 'PendingApproval').length,
              invited: members.filter((item) => item.status === 'Invited').length,
            }),
      },
    } satisfies MemberList;
  };

async function renderPanel(members: MemberListItem[], canManage = true) {
  const api = serveApi(membersOf(members));
  const screen = await renderInApp(
    <MembersPanel classroomId={classroomId} canManage={canManage} />,
  );
  const rows = screen.getByRole('table', { name: 'Members' }).getByRole('row');
  const lastAsked = () => api.requested.at(-1)?.searchParams;
  /** The queries sent with `param`, e.g. every search. */
  const askedWith = (param: string) =>
    api.requested.flatMap(({ searchParams }) =>
      searchParams.has(param) ? [searchParams.toString()] : [],
    );
  return { screen, rows, lastAsked, askedWith };
}

describe('MembersPanel', () => {
  beforeAll(async () => {
    await initIdentity(await loadTestRuntimeConfig());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('pages through the members, ten at a time unless asked for more', async () => {
    const { screen, rows, lastAsked } = await renderPanel(classroomMembers);

    await expect
      .element(screen.getByText('20 members, 2 asking to join, 1 invited · page 1 of 3'))
      .toBeVisible();
    await expect.element(screen.getByRole('form', { name: 'Invite a member' })).toBeVisible();
    expect(rows.elements()).toHaveLength(11);
    await expect.element(rows.nth(1)).toMatchTextContent('Student 01');

    await screen.getByRole('button', { name: 'Next page' }).click();
    await expect
      .element(screen.getByText('20 members, 2 asking to join, 1 invited · page 2 of 3'))
      .toBeVisible();
    await expect.element(rows.nth(1)).toMatchTextContent('Student 11');
    expect(lastAsked()?.toString()).toBe('page=2&pageSize=10');

    await screen.getByRole('button', { name: 'Page 3' }).click();
    await expect.element(rows.nth(3)).toMatchTextContent('Grace Hopper');
    expect(rows.elements()).toHaveLength(4);

    await screen.getByRole('combobox', { name: 'Per page' }).click();
    await screen.getByRole('option', { name: '20' }).click();
    await expect
      .element(screen.getByText('20 members, 2 asking to join, 1 invited · page 1 of 2'))
      .toBeVisible();
    expect(lastAsked()?.toString()).toBe('page=1&pageSize=20');
    expect(rows.elements()).toHaveLength(21);
  });

  it('filters by status, starting again from the first page', async () => {
    const { screen, rows, askedWith } = await renderPanel(classroomMembers);
    await screen.getByRole('button', { name: 'Page 2' }).click();
    await expect
      .element(screen.getByText('20 members, 2 asking to join, 1 invited · page 2 of 3'))
      .toBeVisible();

    await screen.getByRole('combobox', { name: 'Status' }).click();
    await screen.getByRole('option', { name: 'Pending approval' }).click();

    await expect.element(screen.getByText('2 found · page 1 of 1')).toBeVisible();
    expect(askedWith('status')).toEqual(['status=PendingApproval&page=1&pageSize=10']);
    await expect.element(rows.nth(1)).toMatchTextContent('Ada Lovelace');
    await expect.element(rows.nth(2)).toMatchTextContent('Alan Turing');
  });

  it('searches by name once typing pauses, from the first page', async () => {
    const { screen, rows, askedWith } = await renderPanel(classroomMembers);
    await screen.getByRole('button', { name: 'Page 3' }).click();
    await expect
      .element(screen.getByText('20 members, 2 asking to join, 1 invited · page 3 of 3'))
      .toBeVisible();

    await userEvent.type(screen.getByRole('textbox', { name: 'Search by name' }), 'Lovelace');

    await expect.element(screen.getByText('1 found · page 1 of 1')).toBeVisible();
    await expect.element(rows.nth(1)).toMatchTextContent('Ada Lovelace');
    expect(askedWith('search')).toEqual(['search=Lovelace&page=1&pageSize=10']);
  });

  it('says so when nobody has joined yet', async () => {
    const { screen } = await renderPanel([]);

    await expect.element(screen.getByText('No members found')).toBeVisible();
    await expect.element(screen.getByText('Nobody has joined this classroom yet.')).toBeVisible();
    await expect.element(screen.getByText('0 members · page 1 of 1')).toBeVisible();
  });

  it('says so when no member matches the search', async () => {
    const { screen } = await renderPanel(classroomMembers);

    await screen.getByRole('textbox', { name: 'Search by name' }).fill('Nobody');
    await expect
      .element(screen.getByText('No member matches the search or the filter.'))
      .toBeVisible();
  });

  it('shows students the accepted members only, with no filter, invitation or actions', async () => {
    const { screen, lastAsked } = await renderPanel(classroomMembers, false);

    await expect.element(screen.getByText('20 members · page 1 of 2')).toBeVisible();
    expect(lastAsked()?.getAll('status')).toEqual(['Accepted']);
    expect(screen.getByRole('combobox', { name: 'Status' }).query()).toBeNull();
    expect(screen.getByRole('form', { name: 'Invite a member' }).query()).toBeNull();
    expect(screen.getByRole('button', { name: /^Remove / }).query()).toBeNull();
  });

  it('asks before removing a member or withdrawing an invitation', async () => {
    const { screen } = await renderPanel(classroomMembers.slice(19));
    const dialog = screen.getByRole('dialog');

    await screen.getByRole('button', { name: 'Remove Ada Lovelace' }).click();
    await expect
      .element(dialog)
      .toMatchTextContent(/Remove member.*Remove Ada Lovelace from this classroom\?/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();

    await screen.getByRole('button', { name: 'Withdraw the invitation to Grace Hopper' }).click();
    await expect
      .element(dialog)
      .toMatchTextContent(
        /Withdraw invitation.*Withdraw the invitation to grace.hopper@example.com\?/,
      );
  });
});
