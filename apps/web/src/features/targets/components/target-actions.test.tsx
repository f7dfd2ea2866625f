import type { Target } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../test/render-in-app';
import { TargetActions } from './target-actions';

const started = new Date();
const target = (fields: Partial<Target>): Target => ({
  id: '00000000-0000-4000-8000-000000000001',
  labId: '00000000-0000-4000-8000-000000000002',
  classroomId: '00000000-0000-4000-8000-000000000003',
  userId: '00000000-0000-4000-8000-000000000004',
  kind: 'http',
  state: 'running',
  createdAt: started.toISOString(),
  startedAt: started.toISOString(),
  expiresAt: new Date(started.getTime() + 3_600_000).toISOString(),
  endedAt: null,
  canExtend: false,
  extendableAt: null,
  address: null,
  failure: null,
  can: { extend: true, reset: true, stop: true },
  ...fields,
});

describe('Extend', () => {
  it('says from when it works, and works from then without asking the API again', async () => {
    const at = new Date(Date.now() + 1500);
    const screen = await renderInApp(
      <TargetActions
        target={target({ extendableAt: at.toISOString() })}
        perStudent={false}
        onError={() => undefined}
      />,
    );
    const extend = screen.getByRole('button', { name: 'Extend' });
    await expect.element(extend).toBeDisabled();
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(at);
    await expect.element(extend).toHaveAccessibleDescription(`You can extend it from ${time}.`);
    await expect.element(extend).toBeEnabled();
    await expect.element(screen.getByText(/You can extend it from/)).not.toBeInTheDocument();
  });

  it('is not offered when it never will work', async () => {
    const screen = await renderInApp(
      <TargetActions target={target({})} perStudent={false} onError={() => undefined} />,
    );
    await expect.element(screen.getByRole('button', { name: 'Reset' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Extend' }).query()).toBeNull();
  });
});
