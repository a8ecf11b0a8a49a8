import { createPhaseSchema, updatePhaseSchema, type AdminPhase } from '@sleep-ritual/contracts/admin';
import { useCreatePhase } from '../api/create-phase.ts';
import { useUpdatePhase } from '../api/update-phase.ts';
import { MESSAGES } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { useSaveCallbacks } from '../use-save-callbacks.ts';
import { TextInput } from './Fields.tsx';
import { FormDialog } from './FormDialog.tsx';

type Props = { programId: number; phase?: AdminPhase; onClose: () => void };

/** 'Create New Phase' (new phases go first, order 0, §4) or the phase's Edit modal. */
export function PhaseFormDialog({ programId, phase, onClose }: Props) {
  const create = useCreatePhase();
  const update = useUpdatePhase();
  const form = useForm({ title: phase?.title ?? '', label: phase?.label ?? '', description: phase?.description ?? '' });
  const { done, failed } = useSaveCallbacks(form, onClose);

  function submit() {
    if (phase) {
      const body = form.check(updatePhaseSchema, form.values);
      if (body) {
        update.mutate(
          { phaseId: phase.id, body },
          { onSuccess: done(MESSAGES.phase.updated), onError: failed(MESSAGES.phase.updateFailed) },
        );
      }
      return;
    }
    const body = form.check(createPhaseSchema, { ...form.values, programId, orderIndex: 0 });
    if (body) {
      create.mutate({ programId, body }, { onSuccess: done(MESSAGES.phase.created), onError: failed(MESSAGES.phase.createFailed) });
    }
  }

  return (
    <FormDialog
      title={phase ? 'Edit Phase' : 'Create New Phase'}
      submitLabel={phase ? 'Save Changes' : 'Create Phase'}
      pending={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput form={form} name="title" label="Title" required />
      <TextInput form={form} name="label" label="Label" />
      <TextInput form={form} name="description" label="Description" multiline />
    </FormDialog>
  );
}
