import { Link } from 'react-router';
import { ButtonLink } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { useAdminPrograms } from '../../../lib/admin/get-programs.ts';
import { useReorderPrograms } from '../api/reorder-programs.ts';
import { LOAD_ERRORS, MESSAGES } from '../../../lib/admin/messages.ts';
import { ORDER_BASE, orderUpdates } from '../ordering.ts';
import { adminUrls } from '../../../lib/admin/urls.ts';
import { useAdminToasts } from '../../../lib/admin/use-admin-toasts.ts';
import { useDraftOrder } from '../use-draft-order.ts';
import { SaveOrdering } from './SaveOrdering.tsx';
import { LoadFailed } from '../../../components/admin/ScreenStates.tsx';
import { ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';
import { SortableList } from './SortableList.tsx';

/** /admin and /admin/programs: every programme, dragged into order and saved with 'Save Ordering'. */
export function ProgramsScreen() {
  const programs = useAdminPrograms();
  const draft = useDraftOrder(programs.data);
  const reorder = useReorderPrograms();
  const toasts = useAdminToasts();

  if (programs.isPending) return <Spinner label="Loading programs..." />;
  if (programs.isError)
    return (
      <LoadFailed title={LOAD_ERRORS.programs} error={programs.error} onRetry={() => programs.refetch()} />
    );

  const create = <ButtonLink to={adminUrls.createProgram()}>Create New Program</ButtonLink>;

  function save() {
    reorder.mutate(orderUpdates(draft.rows, ORDER_BASE.program), {
      onSuccess: () => {
        draft.clear();
        toasts.success(MESSAGES.program.orderSaved, 'save-order');
      },
      onError: (error) => toasts.failure(MESSAGES.program.orderFailed, error, 'save-order'),
    });
  }

  return (
    <>
      <ScreenHeader title="Programs" intro="Programmes in the order learners see them." actions={create} />
      {programs.data.length === 0 ? (
        <StatusMessage
          title="No programs found yet."
          action={<ButtonLink to={adminUrls.createProgram()}>Create Your First Program</ButtonLink>}
        />
      ) : (
        <>
          <SortableList items={draft.rows} label="Programs" onMove={draft.move}>
            {(program, handle) => (
              <>
                {handle}
                <div className="admin-row-body">
                  <Link to={adminUrls.program(program.id)} className="admin-row-title">
                    {program.title}
                  </Link>
                  {program.label && <p className="muted">{program.label}</p>}
                  <p className="admin-badges">
                    <span className={program.programType === 'Add On' ? 'badge badge-addon' : 'badge'}>
                      {program.programType}
                    </span>
                    {!program.isActive && <span className="badge badge-muted">Inactive</span>}
                  </p>
                </div>
              </>
            )}
          </SortableList>
          <SaveOrdering changed={draft.changed} pending={reorder.isPending} onSave={save} />
        </>
      )}
    </>
  );
}
