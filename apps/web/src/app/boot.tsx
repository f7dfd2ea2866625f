import { Button } from '@mantine/core';
import { IconReload } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { ErrorScreen } from '@/components/errors/error-screen';
import { PageLoader } from '@/components/feedback/page-loader';
import { mayBeSignedIn } from '@/features/auth/utils/saved-session';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { initIdentity } from '@/lib/identity';
import { loadRuntimeConfig, runtimeConfigLoaded } from '@/lib/runtime-config';

type BootState = { status: 'loading' } | { status: 'ready' } | { status: 'failed' };

/**
 * Nothing renders before `/config.json` is read: the API base URL and the identity service are
 * known only at run time. The identity SDK then loads beside the first page when someone may be
 * signed in, and once it has painted otherwise (sooner if the visitor signs in first).
 */
export function Boot({ children }: { children: ReactNode }) {
  const [state, setState] = useState<BootState>(() =>
    runtimeConfigLoaded() ? { status: 'ready' } : { status: 'loading' },
  );

  useEffect(() => {
    let current = true;
    loadRuntimeConfig()
      .then((config) => {
        const startIdentity = () => void initIdentity(config);
        if (mayBeSignedIn()) startIdentity();
        else void afterFirstPaint().then(startIdentity);
        if (current) setState({ status: 'ready' });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (current) setState({ status: 'failed' });
      });
    return () => {
      current = false;
    };
  }, []);

  if (state.status === 'ready') return children;
  if (state.status === 'loading') return <PageLoader label="Loading HackClass" fullScreen />;
  return (
    <main>
      <ErrorScreen
        code="503"
        title="HackClass could not start"
        message="We could not load the app's configuration from the server. Check your internet connection; if it keeps happening, please tell your HackClass administrator."
        action={
          <Button
            onClick={() => window.location.reload()}
            leftSection={<IconReload size={18} aria-hidden />}
          >
            Try again
          </Button>
        }
      />
    </main>
  );
}
