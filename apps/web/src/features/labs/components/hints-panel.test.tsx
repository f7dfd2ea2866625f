import type { ClassroomHint } from '@hackclass/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { initIdentity } from '@/lib/identity';
import { serveApi } from '../../../../test/fake-api';
import { renderInApp } from '../../../../test/render-in-app';
import { loadTestRuntimeConfig } from '../../../../test/runtime-config';
import { HintsPanel } from './hints-panel';

const classroomId = '2f9d3c56-8d5e-4a43-9a3e-0a4f4c1d7b10';
const labId = '7c1e4b8a-3f7d-4f63-9a52-1e2d3c4b5a69';

const hint = (position: number, cost: number, content: string | null): ClassroomHint => ({
  id: crypto.randomUUID(),
  position,
  cost,
  unlocked: false,
  unlockedAt: null,
  content,
});

async function renderPanel(hints: ClassroomHint[], canUnlock = true) {
  const api = serveApi(() => hints);
  const screen = await renderInApp(
    <HintsPanel classroomId={classroomId} labId={labId} canUnlock={canUnlock} />,
  );
  return { screen, api };
}

describe('HintsPanel', () => {
  beforeAll(async () => {
    await initIdentity(await loadTestRuntimeConfig());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each hint with its cost, and asks before one that costs points', async () => {
    const { screen, api } = await renderPanel([
      hint(1, 0, null),
      { ...hint(2, 25, 'Try **admin**'), unlocked: true, unlockedAt: '2026-01-05T10:00:00Z' },
      hint(3, 1, null),
    ]);
    await expect.element(screen.getByText('Hint 1 · free')).toBeVisible();
    await expect.element(screen.getByText('Hint 3 · costs 1 point')).toBeVisible();
    await expect.element(screen.getByText('admin')).toBeVisible();
    await expect.element(screen.getByText('Unlocked')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Unlock hint 2' }).query()).toBeNull();
    expect(api.requested.map((url) => url.pathname)).toEqual([
      `/api/classrooms/${classroomId}/hacking-labs/${labId}/hints`,
    ]);

    await screen.getByRole('button', { name: 'Unlock hint 3' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Unlock hint 3?' });
    await expect
      .element(dialog.getByText('Unlocking costs 1 point of what this lab earns you. Unlock?'))
      .toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
  });

  it('shows the classroom’s teacher every hint, with nothing to unlock', async () => {
    const { screen } = await renderPanel([hint(1, 10, 'Read the cookies')], false);
    await expect.element(screen.getByText('Read the cookies')).toBeVisible();
    await expect.element(screen.getByText('Students see it once they unlock it.')).toBeVisible();
    expect(screen.getByRole('button', { name: /Unlock/ }).query()).toBeNull();
  });

  it('shows nothing for a lab without hints', async () => {
    const { screen, api } = await renderPanel([]);
    await vi.waitFor(() => expect(api.requested).toHaveLength(1));
    await vi.waitFor(() =>
      expect(screen.getByRole('region', { name: 'Hints' }).query()).toBeNull(),
    );
  });
});
