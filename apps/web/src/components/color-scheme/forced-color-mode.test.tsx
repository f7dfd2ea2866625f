import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { colorSchemeStorageKey } from '@/lib/color-scheme';
import { ColorSchemeChoices } from './color-scheme-choices';
import { ThemeProvider } from './theme-provider';
import {
  FORCED_SYSTEM_WARNING,
  type ForcedColorMode,
  useForcedColorMode,
} from './use-forced-color-mode';

function ForcingPage({ mode }: { mode: ForcedColorMode }) {
  useForcedColorMode(mode);
  return <p>A page</p>;
}

const shownMode = () => document.documentElement.getAttribute('data-mantine-color-scheme');
const deviceMode = () => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
const opposite = (mode: string) => (mode === 'dark' ? 'light' : 'dark');

afterEach(() => {
  localStorage.removeItem(colorSchemeStorageKey);
  vi.restoreAllMocks();
});

describe('a page forcing a colour mode', () => {
  it('shows itself in that mode while it is shown, and leaves the user’s choice as it was', async () => {
    localStorage.setItem(colorSchemeStorageKey, 'light');
    const screen = await render(
      <ThemeProvider>
        <ForcingPage mode="dark" />
      </ThemeProvider>,
    );
    await expect.poll(shownMode).toBe('dark');
    await screen.rerender(
      <ThemeProvider>
        <p>Another page</p>
      </ThemeProvider>,
    );
    await expect.poll(shownMode).toBe('light');
    expect(localStorage.getItem(colorSchemeStorageKey)).toBe('light');
  });

  it('says so in the colour mode menu', async () => {
    const screen = await render(
      <ThemeProvider>
        <ForcingPage mode="dark" />
        <ColorSchemeChoices focus={false} />
      </ThemeProvider>,
    );
    await expect.element(screen.getByText('This page is always dark')).toBeVisible();
  });

  it('is warned against forcing "system", which puts the device’s mode over the user’s choice', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(colorSchemeStorageKey, opposite(deviceMode()));
    await render(
      <ThemeProvider>
        <ForcingPage mode="system" />
      </ThemeProvider>,
    );
    await expect.poll(shownMode).toBe(deviceMode());
    expect(warn).toHaveBeenCalledWith(FORCED_SYSTEM_WARNING);
  });
});
