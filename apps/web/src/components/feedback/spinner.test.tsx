import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a status named by what is loading, which a label alone on its span may not be', async () => {
    const screen = await renderInApp(<Spinner label="Loading the lab" />);
    await expect.element(screen.getByRole('status', { name: 'Loading the lab' })).toBeVisible();
  });
});
