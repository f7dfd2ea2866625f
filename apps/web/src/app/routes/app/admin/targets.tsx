import { AllTargetsPanel } from '@/features/targets/components/all-targets-panel';
import { AdminPage } from './admin-page';

/** Admins see every running target of the server. */
export function AdminTargetsRoute() {
  return (
    <AdminPage
      title="Targets"
      description="Every student’s live target running on this server, in every classroom."
      refusal="Only admins see every target."
    >
      {() => <AllTargetsPanel />}
    </AdminPage>
  );
}
