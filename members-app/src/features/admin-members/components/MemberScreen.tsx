import { Link, useParams } from 'react-router';
import type { MemberDetail } from '@sleep-ritual/contracts/admin-members';
import { Spinner } from '../../../components/Spinner.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { useMember } from '../api/get-member.ts';
import { fullName, yesNo } from '../../../lib/admin/format.ts';
import { LOAD_ERRORS } from '../../../lib/admin/messages.ts';
import { wholeNumberParam } from '../../../lib/admin/use-filter-params.ts';
import { adminUrls } from '../../../lib/admin/urls.ts';
import { DateTime } from '../../../components/admin/BackOffice.tsx';
import { AdminNotFound, isNotFound, LoadFailed } from '../../../components/admin/ScreenStates.tsx';
import { DetailsList, ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';
import { AccountActions } from './AccountActions.tsx';
import { AuditTrail } from './AuditTrail.tsx';
import { ProgramAccess } from './ProgramAccess.tsx';
import { ProgressTables, PurchasesTable } from './MemberActivity.tsx';

const MAX_ID = 2_147_483_647;

/** /admin/members/:memberId: one member's account, purchases and progress, and what an admin can do for them. */
export function MemberScreen() {
  const memberId = wholeNumberParam(useParams().memberId ?? null);
  if (!memberId || memberId > MAX_ID) return <AdminNotFound />;
  return <MemberPage memberId={memberId} />;
}

function MemberPage({ memberId }: { memberId: number }) {
  const member = useMember(memberId);
  if (member.isPending) return <Spinner label="Loading member..." />;
  if (member.isError) {
    if (isNotFound(member.error)) {
      return (
        <StatusMessage
          title={LOAD_ERRORS.memberMissing}
          action={<Link to={adminUrls.members()}>Back to Members</Link>}
        />
      );
    }
    return <LoadFailed title={LOAD_ERRORS.member} error={member.error} onRetry={() => member.refetch()} />;
  }
  const detail = member.data;
  return (
    <>
      <ScreenHeader
        title={detail.member.email}
        back={{ label: 'Back to Members', to: adminUrls.members() }}
        intro={fullName(detail.member) ?? undefined}
      />
      <div className="admin-sections">
        <AccountSection detail={detail} />
        <ProgramAccess detail={detail} />
        <PurchasesTable purchases={detail.purchases} />
        <ProgressTables progress={detail.progress} />
        <AuditTrail memberId={memberId} />
      </div>
    </>
  );
}

function AccountSection({ detail }: { detail: MemberDetail }) {
  const { member } = detail;
  return (
    <section className="admin-section">
      <h2>Account</h2>
      <DetailsList
        rows={[
          ['E-mail', member.email],
          ['Name', fullName(member)],
          ['Has password', member.hasPassword ? 'Yes' : 'No: the account has not been created yet'],
          ['E-mail verified', yesNo(member.emailVerified)],
          ['Created', <DateTime value={member.createdAt} />],
          ['Last sign-in', <DateTime value={member.lastSignInAt} />],
        ]}
      />
      <AccountActions member={member} />
    </section>
  );
}
