import { localStorageColorSchemeManager } from '@mantine/core';

/** Local storage key of the colour mode; index.html reads it too, before React renders. */
export const colorSchemeStorageKey = 'hackclass-color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: colorSchemeStorageKey });

/** `<meta name="theme-color">` per computed mode (zinc-900 in dark, white otherwise). */
export const themeColors = { light: '#ffffff', dark: '#18181b' } as const;
