import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Mounted while work on this page must not be left half done: the browser asks before the tab
 * is closed or reloaded, and the app's own navigation (e.g. Back) is held, `onHeld` told.
 */
export function StayOnPage({ onHeld }: { onHeld: () => void }) {
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
  const blocker = useBlocker(true);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    onHeld();
  }, [blocker, onHeld]);
  return null;
}
