import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';

/** The bar appears only for navigations slower than this. */
const throttleMs = 200;
/** Nominal time for the bar to cross the page. */
const durationMs = 2000;
/** Mantine's bar takes about 43 steps to creep from 0 to 99 %. */
const stepInterval = Math.round(durationMs / 43);

/** The 3 px top loading bar, driven by the data router's navigation state. */
export function RouteProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const started = useRef(false);

  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => {
      started.current = true;
      nprogress.start();
    }, throttleMs);
    return () => {
      window.clearTimeout(timer);
      if (started.current) {
        started.current = false;
        nprogress.complete();
      }
    };
  }, [busy]);

  return <NavigationProgress size={3} stepInterval={stepInterval} aria-label="Loading page" />;
}
