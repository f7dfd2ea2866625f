import { describe, expect, it, vi } from 'vitest';
import { loadModule } from './load-module';

const notArrived = () =>
  new TypeError('Failed to fetch dynamically imported module: http://school.test/assets/a.js');

describe('a module that did not arrive', () => {
  it('is asked for again, and answers once it comes', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(notArrived())
      .mockResolvedValueOnce('module');
    await expect(loadModule(load, [0, 0])).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails as it last did once every try is spent', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(notArrived());
    await expect(loadModule(load, [0, 0])).rejects.toThrow('Failed to fetch dynamically');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('is not asked for again for any other failure', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('render failed'));
    await expect(loadModule(load, [0, 0])).rejects.toThrow('render failed');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
