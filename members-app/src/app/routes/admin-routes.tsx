import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AdminGate } from '../../features/auth/components/AdminGate.tsx';
import { AdminLayout } from '../../components/admin/AdminLayout.tsx';
import { AddressBelongs } from '../../features/admin-content/components/AddressBelongs.tsx';
import { ClassesScreen } from '../../features/admin-content/components/ClassesScreen.tsx';
import { DeletedScreen } from '../../features/admin-content/components/DeletedScreen.tsx';
import { EngagementScreen } from '../../features/admin-engagement/components/EngagementScreen.tsx';
import { MemberScreen } from '../../features/admin-members/components/MemberScreen.tsx';
import { MembersScreen } from '../../features/admin-members/components/MembersScreen.tsx';
import { OrdersScreen } from '../../features/admin-orders/components/OrdersScreen.tsx';
import { PathDetailsScreen } from '../../features/admin-content/components/PathDetailsScreen.tsx';
import { PathsScreen } from '../../features/admin-content/components/PathsScreen.tsx';
import { PhaseDetailsScreen } from '../../features/admin-content/components/PhaseDetailsScreen.tsx';
import { PhasesScreen } from '../../features/admin-content/components/PhasesScreen.tsx';
import { ProductsScreen } from '../../features/admin-orders/components/ProductsScreen.tsx';
import { ProgramDetailsScreen } from '../../features/admin-content/components/ProgramDetailsScreen.tsx';
import {
  CreateProgramScreen,
  EditProgramScreen,
} from '../../features/admin-content/components/ProgramFormScreen.tsx';
import { ProgramsScreen } from '../../features/admin-content/components/ProgramsScreen.tsx';
import { AdminNotFound, ValidIds } from '../../components/admin/ScreenStates.tsx';

const program = 'programs/:programId';
const phase = `${program}/phases/:phaseId`;
const path = `${phase}/paths/:pathId`;

/**
 * A screen whose address carries ids: anything but real ids there, or ids that do not belong together,
 * shows the not-found screen.
 */
const withIds = (screen: ReactNode) => (
  <ValidIds>
    <AddressBelongs>{screen}</AddressBelongs>
  </ValidIds>
);

/**
 * Spec 001 §2, relative to /admin, and the back office (members, orders, engagement). Loaded only when
 * an /admin route is opened (router.tsx), so learners never download the admin code, the drag-and-drop
 * library or the chart library (which the engagement screen loads on its own).
 */
export default function AdminArea() {
  return (
    <AdminGate>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<ProgramsScreen />} />
          <Route path="programs" element={<ProgramsScreen />} />
          <Route path="programs/create" element={<CreateProgramScreen />} />
          <Route path={program} element={withIds(<ProgramDetailsScreen />)} />
          <Route path={`${program}/edit`} element={withIds(<EditProgramScreen />)} />
          <Route path={`${program}/phases`} element={withIds(<PhasesScreen />)} />
          <Route path={phase} element={withIds(<PhaseDetailsScreen />)} />
          <Route path={`${phase}/paths`} element={withIds(<PathsScreen />)} />
          <Route path={path} element={withIds(<PathDetailsScreen />)} />
          <Route path={`${path}/classes`} element={withIds(<ClassesScreen />)} />
          <Route path="products" element={<ProductsScreen />} />
          <Route path="members" element={<MembersScreen />} />
          <Route path="members/:memberId" element={<MemberScreen />} />
          <Route path="orders" element={<OrdersScreen />} />
          <Route path="engagement" element={<EngagementScreen />} />
          <Route path="deleted" element={<DeletedScreen />} />
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Routes>
    </AdminGate>
  );
}
