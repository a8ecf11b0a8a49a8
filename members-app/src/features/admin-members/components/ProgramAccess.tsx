import { useState, type FormEvent } from 'react';
import { grantProgramBodySchema, type MemberDetail } from '@sleep-ritual/contracts/admin-members';
import { Button } from '../../../components/Button.tsx';
import { useAdminPrograms } from '../../../lib/admin/get-programs.ts';
import { useGrantProgram } from '../api/grant-program.ts';
import { useRevokeProgram } from '../api/revoke-program.ts';
import { isSuspended } from '../purchase-state.ts';
import { BACK_OFFICE_MESSAGES } from '../../../lib/admin/messages.ts';
import { useAdminToasts } from '../../../lib/admin/use-admin-toasts.ts';
import { useForm } from '../../../lib/admin/use-form.ts';
import { SelectInput } from '../../../components/admin/Fields.tsx';
import { ConfirmDialog } from '../../../components/admin/Modal.tsx';

type Program = { id: number; title: string };
type Access = Program & { hasAccess: boolean; deleted: boolean; statuses: string[] };

/** Each programme the member ever had, and whether they can open it now (a purchase of it that gives access). */
export function programAccess(purchases: MemberDetail['purchases']): Access[] {
  const byProgram = new Map<number, Access>();
  for (const purchase of purchases) {
    const entry = byProgram.get(purchase.programId) ?? {
      id: purchase.programId,
      title: purchase.programTitle,
      hasAccess: false,
      deleted: purchase.programDeleted,
      statuses: [],
    };
    entry.hasAccess ||= purchase.hasAccess;
    const status = isSuspended(purchase) ? 'suspended' : purchase.status;
    if (!entry.statuses.includes(status)) entry.statuses.push(status);
    byProgram.set(purchase.programId, entry);
  }
  return [...byProgram.values()];
}

/** The member's programmes: revoke one they can open, grant one they cannot. */
export function ProgramAccess({ detail }: { detail: MemberDetail }) {
  const revoke = useRevokeProgram();
  const toasts = useAdminToasts();
  const [revoking, setRevoking] = useState<Program | null>(null);
  const access = programAccess(detail.purchases);
  const memberId = detail.member.id;

  function confirmRevoke(program: Program) {
    revoke.mutate(
      { memberId, programId: program.id },
      {
        onSuccess: () => toasts.success(BACK_OFFICE_MESSAGES.revoked, 'revoke-access'),
        onError: (error) => toasts.failure(BACK_OFFICE_MESSAGES.revokeFailed, error, 'revoke-access'),
        onSettled: () => setRevoking(null),
      },
    );
  }

  return (
    <section className="admin-section">
      <h2>Program access</h2>
      {access.length === 0 ? (
        <p className="muted">This member has no programs.</p>
      ) : (
        <ul className="admin-list" aria-label="Program access">
          {access.map((program) => (
            <li key={program.id} className="admin-row">
              <div className="admin-row-body">
                <p className="admin-row-title">{program.title}</p>
                <p className="admin-badges">
                  {program.hasAccess ? (
                    <span className="badge badge-access">Has access</span>
                  ) : (
                    <span className="badge badge-muted">
                      No access: {program.statuses.filter((status) => status !== 'completed').join(', ')}
                    </span>
                  )}
                  {program.deleted && (
                    <span className="badge badge-muted">Program deleted: hidden from the member</span>
                  )}
                </p>
              </div>
              {program.hasAccess && (
                <div className="admin-row-side">
                  <Button
                    variant="danger"
                    onClick={() => setRevoking(program)}
                    aria-label={`Revoke access to ${program.title}`}
                  >
                    Revoke Access
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <GrantForm
        memberId={memberId}
        owned={access.filter((program) => program.hasAccess).map((program) => program.id)}
      />
      {revoking && (
        <ConfirmDialog
          title="Revoke Program Access"
          message={`${detail.member.email} will no longer be able to open ${revoking.title}. Their progress is kept, and granting the program again restores the access.`}
          confirmLabel="Revoke Access"
          pendingLabel="Revoking..."
          pending={revoke.isPending}
          onConfirm={() => confirmRevoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </section>
  );
}

/** A picker of the programmes the member cannot open, and the grant by hand. */
function GrantForm({ memberId, owned }: { memberId: number; owned: number[] }) {
  const programs = useAdminPrograms();
  const grant = useGrantProgram();
  const toasts = useAdminToasts();
  const form = useForm({ programId: '' });
  const choices = (programs.data ?? []).filter((program) => !owned.includes(program.id));

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(grantProgramBodySchema, {
      programId: form.values.programId ? Number(form.values.programId) : undefined,
    });
    if (!body) return;
    grant.mutate(
      { memberId, programId: body.programId },
      {
        onSuccess: () => {
          toasts.success(BACK_OFFICE_MESSAGES.granted, 'grant-access');
          form.set('programId', '');
        },
        onError: (error) => {
          form.showServerErrors(error);
          toasts.failure(BACK_OFFICE_MESSAGES.grantFailed, error, 'grant-access');
        },
      },
    );
  }

  if (programs.isSuccess && choices.length === 0)
    return <p className="muted">This member can open every program.</p>;
  return (
    <form className="admin-form admin-grant-form" onSubmit={submit} noValidate aria-labelledby="grant-title">
      <h3 id="grant-title">Grant a program</h3>
      <SelectInput
        form={form}
        name="programId"
        label="Program to grant"
        hint={programs.isError ? 'The programs could not be loaded.' : undefined}
        options={[
          { value: '', label: 'Choose a program' },
          ...choices.map((program) => ({ value: String(program.id), label: program.title })),
        ]}
      />
      <Button type="submit" busy={grant.isPending}>
        {grant.isPending ? 'Granting...' : 'Grant Access'}
      </Button>
    </form>
  );
}
