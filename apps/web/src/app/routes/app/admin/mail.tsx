import { MailPanel } from '@/features/mail-outbox/components/mail-panel';
import { AdminPage } from './admin-page';

/** Admins see every mail the product sends, and send a failed one again. */
export function AdminMailRoute() {
  return (
    <AdminPage
      title="Mail"
      description="Every mail the product sends: delivered, waiting for another try, or failed."
      refusal="Only admins see the mail."
    >
      {() => <MailPanel />}
    </AdminPage>
  );
}
