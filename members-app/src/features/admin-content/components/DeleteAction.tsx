import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button.tsx';
import { useAdminToasts } from '../../../lib/admin/use-admin-toasts.ts';
import type { Mutation } from '../../../lib/admin/use-form.ts';
import { ConfirmDialog } from '../../../components/admin/Modal.tsx';

type Props<Variables> = {
  /** 'Delete Program': the button, the dialog's title and its confirming button. */
  label: string;
  title: string;
  /** What the delete does (§8): the programme, phase or path is hidden but kept. */
  note: string;
  mutation: Mutation<Variables> & { isPending: boolean };
  variables: Variables;
  words: { deleted: string; deleteFailed: string };
  /** The list to return to once the row is gone. */
  backTo: string;
};

/** The details screens' delete: asks first, then deletes, says so and goes back to the list. */
export function DeleteAction<Variables>({
  label,
  title,
  note,
  mutation,
  variables,
  words,
  backTo,
}: Props<Variables>) {
  const [confirming, setConfirming] = useState(false);
  const toasts = useAdminToasts();
  const navigate = useNavigate();

  function confirm() {
    mutation.mutate(variables, {
      onSuccess: () => {
        toasts.success(words.deleted, words.deleted);
        navigate(backTo);
      },
      onError: (error) => {
        setConfirming(false);
        toasts.failure(words.deleteFailed, error, words.deleted);
      },
    });
  }

  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {label}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={label}
          message={`Are you sure you want to delete ${title}? ${note}`}
          confirmLabel={label}
          pending={mutation.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
