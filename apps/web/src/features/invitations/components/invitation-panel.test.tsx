import type { InvitationLink } from '@hackclass/contracts';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../test/render-in-app';
import {
  InvitationPanel,
  type InvitationPanelProps,
  type InvitationVisitor,
} from './invitation-panel';

const pending: InvitationLink = {
  state: 'pending',
  classroomId: crypto.randomUUID(),
  classroomName: 'Web 101',
  teacherName: 'Ada Lovelace',
  email: 'n***@school.org',
  forCaller: false,
  expiresAt: new Date().toISOString(),
};

const hrefs: InvitationPanelProps['hrefs'] = {
  signUp: '/signup?redirect=x',
  signIn: '/login?redirect=x',
  signOut: '/logout?next=x',
  verifyEmail: '/auth/verify-email/x',
  classroom: '/classrooms/x',
};

async function renderPanel(link: InvitationLink, visitor: InvitationVisitor) {
  const onAccept = vi.fn();
  const screen = await renderInApp(
    <MemoryRouter>
      <InvitationPanel
        link={link}
        visitor={visitor}
        hrefs={hrefs}
        onAccept={onAccept}
        accepting={false}
        acceptError={null}
      />
    </MemoryRouter>,
  );
  return { screen, onAccept };
}

describe('InvitationPanel', () => {
  it('offers a visitor to sign up with the masked address or to sign in', async () => {
    const { screen } = await renderPanel(pending, { kind: 'signed-out' });
    await expect
      .element(screen.getByRole('link', { name: 'Sign up with n***@school.org' }))
      .toHaveAttribute('href', hrefs.signUp);
    await expect
      .element(screen.getByRole('link', { name: 'Sign in' }))
      .toHaveAttribute('href', hrefs.signIn);
    expect(screen.getByRole('button', { name: /Accept/ }).query()).toBeNull();
  });

  it('lets the invited, verified address accept', async () => {
    const link = { ...pending, email: 'noor@school.org', forCaller: true };
    const { screen, onAccept } = await renderPanel(link, {
      kind: 'verified',
      email: 'noor@school.org',
    });
    await screen.getByRole('button', { name: 'Accept and join Web 101' }).click();
    expect(onAccept).toHaveBeenCalledOnce();
  });

  it('asks the invited address to verify itself first', async () => {
    const link = { ...pending, email: 'noor@school.org', forCaller: true };
    const { screen } = await renderPanel(link, { kind: 'unverified', email: 'noor@school.org' });
    await expect.element(screen.getByText(/Verify noor@school.org first/)).toBeVisible();
    expect(screen.getByRole('button', { name: /Accept/ }).query()).toBeNull();
  });

  it('tells someone signed in as another address to sign out', async () => {
    const { screen } = await renderPanel(pending, { kind: 'verified', email: 'x@school.org' });
    await expect
      .element(
        screen.getByText(
          /This invitation is for n\*\*\*@school.org, and you are signed in as x@school.org/,
        ),
      )
      .toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Sign out' }))
      .toHaveAttribute('href', hrefs.signOut);
  });

  it.each([
    ['withdrawn', 'The teacher withdrew this invitation'],
    ['expired', 'This invitation link has expired'],
  ] as const)('says a %s invitation is closed, with nothing to accept', async (state, says) => {
    const { screen } = await renderPanel({ ...pending, state }, { kind: 'signed-out' });
    await expect.element(screen.getByText(new RegExp(says))).toBeVisible();
    expect(screen.getByRole('link', { name: /Sign up/ }).query()).toBeNull();
  });

  it('says a link no invitation has is not valid', async () => {
    const { screen } = await renderPanel({ state: 'not_found' }, { kind: 'signed-out' });
    await expect.element(screen.getByText(/This invitation link is not valid/)).toBeVisible();
  });
});
