import { Drawer } from '@mantine/core';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useMemo,
  useState,
} from 'react';
import { Spinner } from '@/components/feedback/spinner';
import { loadModule } from '@/lib/load-module';
import type { BoxClassroom, BoxLab } from './box-panel';

// The terminal emulator is loaded with the drawer's first opening, not with every page.
const BoxPanel = lazy(() =>
  loadModule(() => import('./box-panel')).then((module) => ({ default: module.BoxPanel })),
);

interface TerminalDrawer {
  /**
   * Opens the attack box beside the page; a Start starts it from `classroomId` when given, and
   * the files of `lab` may be put in it.
   */
  open(classroomId?: string, lab?: BoxLab): void;
}

const TerminalDrawerContext = createContext<TerminalDrawer | undefined>(undefined);

/** The attack box in a drawer over the lower part of every signed-in page. */
export function TerminalDrawerProvider({
  classrooms,
  children,
}: {
  /** The classrooms the student is a member of, to start a box from; undefined while loading. */
  classrooms?: BoxClassroom[];
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const [classroomId, setClassroomId] = useState<string | undefined>();
  const [lab, setLab] = useState<BoxLab | undefined>();
  const drawer = useMemo<TerminalDrawer>(
    () => ({
      open(from, opener) {
        setClassroomId(from);
        setLab(opener);
        setOpened(true);
      },
    }),
    [],
  );
  return (
    <TerminalDrawerContext.Provider value={drawer}>
      {children}
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="bottom"
        size="75%"
        title="Your attack box"
        closeButtonProps={{ 'aria-label': 'Close the terminal (the box goes on)' }}
      >
        <Suspense fallback={<Spinner size="sm" label="Loading the terminal" />}>
          <BoxPanel classroomId={classroomId} classrooms={classrooms} lab={lab} />
        </Suspense>
      </Drawer>
    </TerminalDrawerContext.Provider>
  );
}

export function useTerminalDrawer(): TerminalDrawer {
  const drawer = useContext(TerminalDrawerContext);
  if (!drawer) throw new Error('useTerminalDrawer needs a TerminalDrawerProvider');
  return drawer;
}
