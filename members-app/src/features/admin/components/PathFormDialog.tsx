import { createPathSchema, updatePathSchema, type AdminPath } from '@sleep-ritual/contracts/admin';
import { useCreatePath } from '../api/create-path.ts';
import { useUpdatePath } from '../api/update-path.ts';
import { MESSAGES } from '../messages.ts';
import type { Ids } from '../urls.ts';
import { useForm } from '../use-form.ts';
import { useDialogSave } from '../use-dialog-save.ts';
import { CheckboxInput, NamingInputs, OpensAfterInput, opensAfterValue, TextInput } from './Fields.tsx';
import { FormDialog } from './FormDialog.tsx';
import { ImageUrlInputs } from './MediaField.tsx';

type Props = { ids: Pick<Ids, 'programId' | 'phaseId'>; path?: AdminPath; onClose: () => void };

/** 'Create New Path' (order 0 and locked unless changed, §4) or the path's Edit modal. */
export function PathFormDialog({ ids, path, onClose }: Props) {
  const create = useCreatePath();
  const update = useUpdatePath();
  const form = useForm({
    title: path?.title ?? '',
    label: path?.label ?? '',
    description: path?.description ?? '',
    cardImageUrl: path?.cardImageUrl ?? '',
    coverArtUrl: path?.coverArtUrl ?? '',
    orderIndex: String(path?.orderIndex ?? 0),
    isUnlocked: path?.isUnlocked ?? false,
    opensAfterDays: opensAfterValue(path?.opensAfterDays),
  });
  const save = useDialogSave(form, onClose, MESSAGES.path);
  const { phaseId } = ids;

  function submit() {
    if (path)
      save.update(update, updatePathSchema, form.values, (body) => ({
        address: { ...ids, pathId: path.id },
        body,
      }));
    else save.create(create, createPathSchema, { ...form.values, phaseId }, (body) => ({ phaseId, body }));
  }

  return (
    <FormDialog
      title={path ? 'Edit Path' : 'Create New Path'}
      submitLabel={path ? 'Save Changes' : 'Create Path'}
      pending={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <NamingInputs form={form} />
      <ImageUrlInputs form={form} level="path" />
      <TextInput form={form} name="orderIndex" label="Order" type="number" min={0} />
      <CheckboxInput
        form={form}
        name="isUnlocked"
        label="Unlocked"
        hint="Locked paths show learners 'Unlocking Soon'."
      />
      <OpensAfterInput form={form} what="path" />
    </FormDialog>
  );
}
