import { localStorageColorSchemeManager, type MantineColorSchemeManager } from '@mantine/core';

/** Local storage key of the colour mode; index.html reads it too, before React renders. */
export const colorSchemeStorageKey = 'hackclass-color-scheme';

/** The attribute of `<html>` that holds the saved choice (`auto`, `light`, `dark`), set by index.html at first. */
export const colorChoiceAttribute = 'data-color-choice';

const saved = localStorageColorSchemeManager({ key: colorSchemeStorageKey });

const mark = (choice: string) =>
  document.documentElement.setAttribute(colorChoiceAttribute, choice);

/**
 * Saves the choice, and marks the page with it (a choice made in another tab too): what was
 * rendered before the app runs follows it.
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  ...saved,
  set: (value) => {
    saved.set(value);
    mark(value);
  },
  subscribe: (onUpdate) =>
    saved.subscribe((value) => {
      mark(value);
      onUpdate(value);
    }),
};

/** `<meta name="theme-color">` per computed mode (zinc-900 in dark, white otherwise). */
export const themeColors = { light: '#ffffff', dark: '#18181b' } as const;
