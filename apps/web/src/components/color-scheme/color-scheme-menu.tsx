import { lazy, Suspense, useState } from 'react';
import { loadModule } from '@/lib/load-module';
import { ColorSchemeButton } from './color-scheme-button';

const loadChoices = () => loadModule(() => import('./color-scheme-choices'));
const ColorSchemeChoices = lazy(() =>
  loadChoices().then((m) => ({ default: m.ColorSchemeChoices })),
);

/**
 * The colour mode control: a button named "Colour mode" that opens a menu of the modes. The
 * menu (and the floating-element code under it) loads when the pointer or focus reaches the
 * button, so first pages do not carry it; once asked for, it stays.
 */
export function ColorSchemeMenu() {
  const [wanted, setWanted] = useState<{ focus: boolean }>();
  const button = (
    <ColorSchemeButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadChoices()}
      onFocus={() => void loadChoices()}
      onClick={(event) => setWanted({ focus: document.activeElement === event.currentTarget })}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ColorSchemeChoices focus={wanted.focus} />
    </Suspense>
  );
}
