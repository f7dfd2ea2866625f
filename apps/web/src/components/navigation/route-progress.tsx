import { lazy, Suspense, useState } from 'react';
import { useNavigation } from 'react-router';
import { loadModule } from '@/lib/load-module';

// Loaded by the first navigation, well within the delay before the bar shows.
const RouteProgressBar = lazy(() =>
  loadModule(() => import('./route-progress-bar')).then((m) => ({ default: m.RouteProgressBar })),
);

/** The top loading bar of navigations, from the first one on. */
export function RouteProgress() {
  const busy = useNavigation().state !== 'idle';
  const [navigated, setNavigated] = useState(false);
  if (busy && !navigated) setNavigated(true);
  if (!navigated) return null;
  return (
    <Suspense fallback={null}>
      <RouteProgressBar />
    </Suspense>
  );
}
