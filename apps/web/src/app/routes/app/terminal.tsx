import { BoxPanel } from '@/features/targets/components/box-panel';
import { usePageTitle } from '@/hooks/use-page-title';
import { TerminalPage } from '../../layouts/terminal-page';
import { useBoxClassrooms } from '../../layouts/use-box-classrooms';

/** The student's attack box, filling a tab of its own. */
export function TerminalRoute() {
  usePageTitle('Terminal');
  const classrooms = useBoxClassrooms();
  return (
    <TerminalPage title="Your attack box">
      <BoxPanel fullPage classrooms={classrooms} />
    </TerminalPage>
  );
}
