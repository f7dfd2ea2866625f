import { UsersPanel } from '@/features/admin/components/users-panel';
import { AdminPage } from './admin-page';

/** Admins manage every user. */
export function AdminUsersRoute() {
  return (
    <AdminPage
      title="Users"
      description="Everyone with an account: their role, and whether they may sign in."
      refusal="Only admins manage users."
    >
      {(admin) => <UsersPanel currentUserId={admin.id} />}
    </AdminPage>
  );
}
