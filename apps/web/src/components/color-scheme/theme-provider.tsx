import { MantineProvider } from '@mantine/core';
import { useColorScheme } from '@mantine/hooks';
import { type ReactNode, useMemo, useState } from 'react';
import { colorSchemeManager } from '@/lib/color-scheme';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { type ForcedColorMode, ForcedColorModeContext } from './use-forced-color-mode';

/**
 * Mantine with the app's theme in the colour mode the user saved, unless the page shown forces
 * one (`useForcedColorMode`).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [forced, force] = useState<ForcedColorMode>();
  const device = useColorScheme(undefined, { getInitialValueInEffect: false });
  const state = useMemo(() => ({ forced, force }), [forced]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      forceColorScheme={forced === 'system' ? device : forced}
    >
      <ForcedColorModeContext value={state}>{children}</ForcedColorModeContext>
    </MantineProvider>
  );
}
