import { createPhaseSchema, updatePhaseSchema, type AdminPhase } from '@sleep-ritual/contracts/admin';
import { useCreatePhase } from '../api/create-phase.ts';
import { useUpdatePhase } from '../api/update-phase.ts';
import { MESSAGES } from '../../../lib/admin/messages.ts';
import { useDialogSave, useForm } from '../../../lib/admin/use-form.ts';
import { NamingInputs } from '../../../components/admin/Fields.tsx';
import { FormDialog } from '../../../components/admin/FormDialog.tsx';

type Props = {
  programId: number;
  phase?: AdminPhase;
  /** A new phase's order: the end of the programme's list. */
  orderIndex?: number;
  onClose: () => void;
};

/** 'Create New Phase' (it goes at the end of the list) or the phase's Edit modal. */
export function PhaseFormDialog({ programId, phase, orderIndex = 0, onClose }: Props) {
  const create = useCreatePhase();
  const update = useUpdatePhase();
  const form = useForm({
    title: phase?.title ?? '',
    label: phase?.label ?? '',
    description: phase?.description ?? '',
    // The version the form opened (not shown): the edit is refused if the phase changed since.
    updatedAt: phase?.updatedAt ?? '',
  });
  const save = useDialogSave(form, onClose, MESSAGES.phase);

  function submit() {
    if (phase) save.update(update, updatePhaseSchema, form.values, (body) => ({ phaseId: phase.id, body }));
    else
      save.create(create, createPhaseSchema, { ...form.values, programId, orderIndex }, (body) => ({
        programId,
        body,
      }));
  }

  return (
    <FormDialog
      title={phase ? 'Edit Phase' : 'Create New Phase'}
      submitLabel={phase ? 'Save Changes' : 'Create Phase'}
      pending={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      unsaved={form.changed}
      problem={form.errors.form}
    >
      <NamingInputs form={form} />
    </FormDialog>
  );
}
