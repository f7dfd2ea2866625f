import { describe, expect, it } from 'vitest';
import { reloadOnce } from './build-check';

describe('reloading for a new build', () => {
  it('does not reload a page the browser is leaving, whose chunks failed because it left', () => {
    window.sessionStorage.removeItem('hackclass-reloaded-at');
    window.dispatchEvent(new Event('beforeunload'));
    expect(reloadOnce()).toBe(false);
    expect(window.sessionStorage.getItem('hackclass-reloaded-at')).toBeNull();
  });
});
