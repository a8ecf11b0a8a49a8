import { createPathSchema, updatePathSchema, type AdminPath } from '@sleep-ritual/contracts/admin';
import { useCreatePath } from '../api/create-path.ts';
import { useUpdatePath } from '../api/update-path.ts';
import { MESSAGES } from '../../../lib/admin/messages.ts';
import type { Ids } from '../../../lib/admin/urls.ts';
import { useDialogSave, useForm } from '../../../lib/admin/use-form.ts';
import {
  CheckboxInput,
  NamingInputs,
  OpensAfterInput,
  opensAfterValue,
  TextInput,
} from '../../../components/admin/Fields.tsx';
import { FormDialog } from '../../../components/admin/FormDialog.tsx';
import { ImageUrlInputs } from './ImageField.tsx';

type Props = {
  ids: Pick<Ids, 'programId' | 'phaseId'>;
  path?: AdminPath;
  /** A new path's order unless changed: the end of the phase's list. */
  orderIndex?: number;
  onClose: () => void;
};

/** 'Create New Path' (at the end of the list and locked unless changed) or the path's Edit modal. */
export function PathFormDialog({ ids, path, orderIndex = 0, onClose }: Props) {
  const create = useCreatePath();
  const update = useUpdatePath();
  const form = useForm({
    title: path?.title ?? '',
    label: path?.label ?? '',
    description: path?.description ?? '',
    cardImageUrl: path?.cardImageUrl ?? '',
    coverArtUrl: path?.coverArtUrl ?? '',
    orderIndex: String(path?.orderIndex ?? orderIndex),
    isUnlocked: path?.isUnlocked ?? false,
    opensAfterDays: opensAfterValue(path?.opensAfterDays),
    // The version the form opened (not shown): the edit is refused if the path changed since.
    updatedAt: path?.updatedAt ?? '',
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
      unsaved={form.changed}
      problem={form.errors.form}
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
