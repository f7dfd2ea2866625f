import { createContext, useContext, useEffect } from 'react';

/** A colour mode a page may show itself in, whatever the user chose. */
export type ForcedColorMode = 'light' | 'dark' | 'system';

export const FORCED_SYSTEM_WARNING =
  'A page forces the colour mode "system": that puts the device\'s mode over the one the user ' +
  'chose. Force "light" or "dark", or leave the choice to the user.';

interface ForcedColorModeState {
  /** The mode the page shown forces, if it does. */
  forced: ForcedColorMode | undefined;
  force(mode: ForcedColorMode | undefined): void;
}

export const ForcedColorModeContext = createContext<ForcedColorModeState>({
  forced: undefined,
  force: () => {},
});

/**
 * Shows the calling page in `mode` for as long as it is shown, without changing the user's saved
 * choice. Forcing "system" is warned against: it overrides the user's choice with their device's.
 */
export function useForcedColorMode(mode: ForcedColorMode): void {
  const { force } = useContext(ForcedColorModeContext);
  useEffect(() => {
    if (mode === 'system') console.warn(FORCED_SYSTEM_WARNING);
    force(mode);
    return () => force(undefined);
  }, [mode, force]);
}

/** The mode the page shown forces, if it does. */
export const useForcedColorModeOfPage = () => useContext(ForcedColorModeContext).forced;
