import { createPathSchema, RECOMMENDED_IMAGE_SIZES, updatePathSchema, type AdminPath } from '@sleep-ritual/contracts/admin';
import { useCreatePath } from '../api/create-path.ts';
import { useUpdatePath } from '../api/update-path.ts';
import { MESSAGES } from '../messages.ts';
import type { Ids } from '../urls.ts';
import { useForm } from '../use-form.ts';
import { useSaveCallbacks } from '../use-save-callbacks.ts';
import { CheckboxInput, TextInput } from './Fields.tsx';
import { FormDialog } from './FormDialog.tsx';

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
  });
  const { done, failed } = useSaveCallbacks(form, onClose);

  function submit() {
    if (path) {
      const body = form.check(updatePathSchema, form.values);
      if (body) {
        update.mutate(
          { address: { ...ids, pathId: path.id }, body },
          { onSuccess: done(MESSAGES.path.updated), onError: failed(MESSAGES.path.updateFailed) },
        );
      }
      return;
    }
    const body = form.check(createPathSchema, { ...form.values, phaseId: ids.phaseId });
    if (body) {
      create.mutate(
        { phaseId: ids.phaseId, body },
        { onSuccess: done(MESSAGES.path.created), onError: failed(MESSAGES.path.createFailed) },
      );
    }
  }

  return (
    <FormDialog
      title={path ? 'Edit Path' : 'Create New Path'}
      submitLabel={path ? 'Save Changes' : 'Create Path'}
      pending={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput form={form} name="title" label="Title" required />
      <TextInput form={form} name="label" label="Label" />
      <TextInput form={form} name="description" label="Description" multiline />
      <TextInput
        form={form}
        name="cardImageUrl"
        label="Card Image URL"
        type="url"
        hint={`Recommended size: ${RECOMMENDED_IMAGE_SIZES.pathCard}`}
      />
      <TextInput
        form={form}
        name="coverArtUrl"
        label="Cover Art URL"
        type="url"
        hint={`Recommended size: ${RECOMMENDED_IMAGE_SIZES.pathCover}`}
      />
      <TextInput form={form} name="orderIndex" label="Order" type="number" min={0} />
      <CheckboxInput form={form} name="isUnlocked" label="Unlocked" hint="Locked paths show learners 'Unlocking Soon'." />
    </FormDialog>
  );
}
