import { useParams } from 'react-router';
import { TerminalScreen } from '@/features/targets/components/terminal-screen';
import { usePageTitle } from '@/hooks/use-page-title';
import { TerminalPage } from '../../layouts/terminal-page';

/** A student's attack box terminal as their teacher watches it, read-only, in a tab of its own. */
export function WatchTerminalRoute() {
  usePageTitle('Watching a terminal');
  const { targetId = '' } = useParams();
  return (
    <TerminalPage title="Watching a student’s terminal">
      <TerminalScreen boxId={targetId} fill />
    </TerminalPage>
  );
}
