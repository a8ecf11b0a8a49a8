import { createPhaseSchema, updatePhaseSchema, type AdminPhase } from '@sleep-ritual/contracts/admin';
import { useCreatePhase } from '../api/create-phase.ts';
import { useUpdatePhase } from '../api/update-phase.ts';
import { MESSAGES } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { useDialogSave } from '../use-dialog-save.ts';
import { NamingInputs } from './Fields.tsx';
import { FormDialog } from './FormDialog.tsx';

type Props = { programId: number; phase?: AdminPhase; onClose: () => void };

/** 'Create New Phase' (new phases go first, order 0, §4) or the phase's Edit modal. */
export function PhaseFormDialog({ programId, phase, onClose }: Props) {
  const create = useCreatePhase();
  const update = useUpdatePhase();
  const form = useForm({
    title: phase?.title ?? '',
    label: phase?.label ?? '',
    description: phase?.description ?? '',
  });
  const save = useDialogSave(form, onClose, MESSAGES.phase);

  function submit() {
    if (phase) save.update(update, updatePhaseSchema, form.values, (body) => ({ phaseId: phase.id, body }));
    else
      save.create(create, createPhaseSchema, { ...form.values, programId, orderIndex: 0 }, (body) => ({
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
    >
      <NamingInputs form={form} />
    </FormDialog>
  );
}
