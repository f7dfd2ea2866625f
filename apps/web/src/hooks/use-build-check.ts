import { useEffect } from 'react';
import { toast } from '@/components/toast/toast';
import { buildCheckIntervalMs, buildId, fetchLatestBuildId, reloadOnce } from '@/lib/build-check';

/** Every hour, asks whether a newer build is deployed and offers to load it. */
export function useBuildCheck(): void {
  useEffect(() => {
    const check = async () => {
      const latest = await fetchLatestBuildId();
      if (!latest || latest === buildId) return;
      toast.info('A new version of HackClass is available', 'Reload to get the latest version.', {
        id: 'new-build',
        timeout: false,
        actions: [{ label: 'Reload', onClick: () => reloadOnce() }],
      });
    };
    const timer = window.setInterval(check, buildCheckIntervalMs);
    return () => window.clearInterval(timer);
  }, []);
}
