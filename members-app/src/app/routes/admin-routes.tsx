import { AdminGate } from '../../features/auth/components/AdminGate.tsx';

/** Loaded only when an /admin route is opened, so learners never download the admin code. */
export function AdminArea() {
  return (
    <AdminGate>
      <main id="main" className="content-narrow">
        <h1>Admin Dashboard</h1>
      </main>
    </AdminGate>
  );
}

export default AdminArea;
