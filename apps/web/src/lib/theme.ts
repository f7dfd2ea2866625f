import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

// Tailwind's zinc, 50 to 900.
const zinc: MantineColorsTuple = [
  '#fafafa',
  '#f4f4f5',
  '#e4e4e7',
  '#d4d4d8',
  '#a1a1aa',
  '#71717a',
  '#52525b',
  '#3f3f46',
  '#27272a',
  '#18181b',
];

// Mantine's dark palette runs from text (0) to page background (7); zinc keeps both modes one family,
// and puts the dark body on zinc-900, the same grey as the theme-color meta.
const zincDark: MantineColorsTuple = [
  '#e4e4e7',
  '#d4d4d8',
  '#a1a1aa',
  '#8b8b94',
  '#52525b',
  '#3f3f46',
  '#27272a',
  '#18181b',
  '#121214',
  '#09090b',
];

// Tailwind's green, 50 to 900. Shade 7 carries white text at 5:1, which Mantine's own green
// (shade 6, 2.4:1) does not.
const green: MantineColorsTuple = [
  '#f0fdf4',
  '#dcfce7',
  '#bbf7d0',
  '#86efac',
  '#4ade80',
  '#22c55e',
  '#16a34a',
  '#15803d',
  '#166534',
  '#14532d',
];

const square = { defaultProps: { radius: 0 } };

export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 7, dark: 7 },
  colors: { gray: zinc, dark: zincDark, green },
  defaultRadius: 0,
  cursorType: 'pointer',
  headings: { fontWeight: '700' },
  components: {
    ActionIcon: square,
    Button: square,
    Card: square,
    Drawer: square,
    Input: square,
    Menu: square,
    Modal: square,
    Notification: square,
    Paper: square,
    TextInput: square,
    PasswordInput: square,
  },
});

/**
 * Links in green-8 (light) or green-4 (dark) for contrast on every surface; `--hc-color-surface`
 * is the faintly shaded background of alternate sections, the footer and the auth pages. Field
 * errors in red-9 (light) or red-4 (dark): Mantine's own red-6 and red-8 fall under 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': 'var(--mantine-color-green-8)',
    '--hc-color-surface': 'var(--mantine-color-gray-0)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-anchor': 'var(--mantine-color-green-4)',
    '--hc-color-surface': '#1f1f23',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
