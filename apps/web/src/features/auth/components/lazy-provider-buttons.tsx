import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { loadModule } from '@/lib/load-module';

const ProviderButtons = lazy(async () => ({
  default: (await loadModule(() => import('./provider-buttons'))).ProviderButtons,
}));

/**
 * The schools' sign-in buttons, loaded once the page has painted rather than before it: they
 * bring the identity SDK and the providers' schema, which the page's own form does not need to
 * show. Without providers (most installations) they show nothing either way.
 */
export function LazyProviderButtons(props: ComponentProps<typeof ProviderButtons>) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let current = true;
    void afterFirstPaint().then(() => current && setPainted(true));
    return () => {
      current = false;
    };
  }, []);
  if (!painted) return null;
  return (
    <Suspense fallback={null}>
      <ProviderButtons {...props} />
    </Suspense>
  );
}
