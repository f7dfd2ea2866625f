import { useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { themeColors } from '@/lib/color-scheme';

/** Keeps `<meta name="theme-color">` on the computed colour mode (system resolved). */
export function useThemeColorMeta(): void {
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.append(meta);
    }
    meta.content = themeColors[computed];
  }, [computed]);
}
