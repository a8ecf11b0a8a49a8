import { useState } from 'react';
import { changeMemberEmailBodySchema, type MemberDetail } from '@sleep-ritual/contracts/admin-members';
import { Button } from '../../../components/Button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useChangeMemberEmail } from '../api/change-member-email.ts';
import { useResendCreateAccount } from '../api/resend-create-account.ts';
import { useSendPasswordReset } from '../api/send-password-reset.ts';
import { BACK_OFFICE_MESSAGES } from '../../../lib/admin/messages.ts';
import { useAdminToasts } from '../../../lib/admin/use-admin-toasts.ts';
import { useForm } from '../../../lib/admin/use-form.ts';
import { TextInput } from '../../../components/admin/Fields.tsx';
import { FormDialog } from '../../../components/admin/FormDialog.tsx';

type Member = MemberDetail['member'];

type EmailMutation = {
  isPending: boolean;
  mutate: (
    variables: { memberId: number },
    options: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
};

/** A button that has the worker mail the member, and says whether the e-mail is on its way. */
function SendEmailButton({
  memberId,
  mutation,
  label,
  words: [sent, failed],
  noteId,
}: {
  memberId: number;
  mutation: EmailMutation;
  label: string;
  words: [sent: string, failed: string];
  /** Set when the e-mail is not for this member: the note that says why. */
  noteId?: string;
}) {
  const toasts = useAdminToasts();
  return (
    <Button
      variant="secondary"
      disabled={Boolean(noteId)}
      busy={mutation.isPending}
      aria-describedby={noteId}
      onClick={() =>
        mutation.mutate(
          { memberId },
          {
            onSuccess: () => toasts.success(sent, sent),
            onError: (error) => toasts.failure(failed, error, sent),
          },
        )
      }
    >
      {mutation.isPending ? 'Sending...' : label}
    </Button>
  );
}

/** The e-mails an admin sends for a member, and the change of their address. */
export function AccountActions({ member }: { member: Member }) {
  const resend = useResendCreateAccount();
  const reset = useSendPasswordReset();
  const [changing, setChanging] = useState(false);

  return (
    <div className="admin-member-actions">
      <Button variant="secondary" onClick={() => setChanging(true)}>
        Change E-mail
      </Button>
      <SendEmailButton
        memberId={member.id}
        mutation={reset}
        label="Send Password Reset E-mail"
        words={[BACK_OFFICE_MESSAGES.passwordResetSent, BACK_OFFICE_MESSAGES.passwordResetFailed]}
      />
      <SendEmailButton
        memberId={member.id}
        mutation={resend}
        label="Resend Create-Account E-mail"
        words={[BACK_OFFICE_MESSAGES.createAccountSent, BACK_OFFICE_MESSAGES.createAccountFailed]}
        noteId={member.hasPassword ? 'resend-note' : undefined}
      />
      {member.hasPassword && (
        <p id="resend-note" className="field-hint">
          This member has created their account already: send a password reset e-mail instead.
        </p>
      )}
      {changing && <ChangeEmailDialog member={member} onClose={() => setChanging(false)} />}
    </div>
  );
}

function ChangeEmailDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const change = useChangeMemberEmail();
  const toasts = useAdminToasts();
  const form = useForm({ email: member.email });

  function submit() {
    const body = form.check(changeMemberEmailBodySchema, form.values);
    if (!body) return;
    change.mutate(
      { memberId: member.id, body },
      {
        onSuccess: () => {
          toasts.success(BACK_OFFICE_MESSAGES.emailChanged, 'change-email');
          onClose();
        },
        onError: (error) => {
          form.showServerErrors(error);
          // The address belongs to someone else: that is the field's problem, said beside it.
          if (error instanceof ApiError && error.status === 409 && error.serverMessage)
            form.setError('email', error.serverMessage);
          toasts.failure(BACK_OFFICE_MESSAGES.emailChangeFailed, error, 'change-email');
        },
      },
    );
  }

  return (
    <FormDialog
      title="Change E-mail Address"
      submitLabel="Save E-mail"
      pending={change.isPending}
      onSubmit={submit}
      onClose={onClose}
      unsaved={form.changed}
    >
      <TextInput
        form={form}
        name="email"
        label="New e-mail address"
        hint="The member signs in with this address from now on; a create-account link sent before no longer works."
        required
      />
    </FormDialog>
  );
}
