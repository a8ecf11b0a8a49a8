import {
  createClassSchema,
  DEFAULT_GUIDE_BUTTON_LABEL,
  RECOMMENDED_IMAGE_SIZES,
  updateClassSchema,
  type AdminClass,
} from '@sleep-ritual/contracts/admin';
import { useCreateClass } from '../api/create-class.ts';
import { useUpdateClass } from '../api/update-class.ts';
import { MESSAGES } from '../../../lib/admin/messages.ts';
import { useDialogSave, useForm } from '../../../lib/admin/use-form.ts';
import {
  CheckboxInput,
  NamingInputs,
  OpensAfterInput,
  opensAfterValue,
  TextInput,
} from '../../../components/admin/Fields.tsx';
import { FormDialog } from '../../../components/admin/FormDialog.tsx';
import { AudioField } from './AudioField.tsx';
import { ImageField } from './ImageField.tsx';
import { TranscriptField } from './TranscriptField.tsx';
import { VimeoDetails } from './VimeoDetails.tsx';

type Props = {
  pathId: number;
  lesson?: AdminClass;
  /** A new class's order unless changed: the end of the path's list. */
  orderIndex?: number;
  onClose: () => void;
};

/**
 * The class create dialog (at the end of the list and locked unless changed) and edit dialog. The video field takes
 * the Vimeo link; it is stored as entered and the learner's player uses the number in it. Vimeo's title,
 * length and thumbnail for it are offered beneath; the cover can be uploaded. Beside it, the audio
 * track of listen mode.
 */
export function ClassFormDialog({ pathId, lesson, orderIndex = 0, onClose }: Props) {
  const create = useCreateClass();
  const update = useUpdateClass();
  const form = useForm({
    title: lesson?.title ?? '',
    label: lesson?.label ?? '',
    description: lesson?.description ?? '',
    coverArtUrl: lesson?.coverArtUrl ?? '',
    vimeoVideoId: lesson?.vimeoVideoId ?? '',
    audioUrl: lesson?.audioUrl ?? '',
    additionalContentUrl: lesson?.additionalContentUrl ?? '',
    additionalContentButtonLabel: lesson?.additionalContentButtonLabel ?? '',
    durationMinutes: lesson?.durationMinutes == null ? '' : String(lesson.durationMinutes),
    orderIndex: String(lesson?.orderIndex ?? orderIndex),
    isUnlocked: lesson?.isUnlocked ?? false,
    opensAfterDays: opensAfterValue(lesson?.opensAfterDays),
    // The version the form opened (not shown): the edit is refused if the class changed since.
    updatedAt: lesson?.updatedAt ?? '',
  });
  const save = useDialogSave(form, onClose, MESSAGES.class);

  function submit() {
    if (lesson) {
      // Order changes only by dragging: the edit call ignores it, so it is not sent.
      const { orderIndex: _order, ...fields } = form.values;
      save.update(update, updateClassSchema, fields, (body) => ({ classId: lesson.id, body }));
    } else {
      save.create(create, createClassSchema, { ...form.values, pathId }, (body) => ({ pathId, body }));
    }
  }

  return (
    <FormDialog
      title={lesson ? 'Edit Class' : 'Create New Class'}
      submitLabel={lesson ? 'Save Changes' : 'Create Class'}
      pending={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      unsaved={form.changed}
      problem={form.errors.form}
    >
      <NamingInputs form={form} labelHint="A short tag shown above the title, such as Night 1." />
      <TextInput
        form={form}
        name="vimeoVideoId"
        label="Vimeo Video URL"
        type="url"
        placeholder="https://vimeo.com/123456789"
        hint="The link to the video on Vimeo, with its number. Its title, length and thumbnail are looked up to offer them."
      />
      <VimeoDetails form={form} />
      <ImageField
        form={form}
        name="coverArtUrl"
        label="Cover Art URL"
        purpose="class-cover"
        hint={`Recommended size: ${RECOMMENDED_IMAGE_SIZES.classCover}. Shown in place of the video when the class has none.`}
      />
      <AudioField
        form={form}
        name="audioUrl"
        label="Audio URL"
        durationField="durationMinutes"
        hint="An audio track for listen mode: an https address, or a path of our media starting with /media/. With one, learners are offered Listen first."
      />
      <TranscriptField classId={lesson?.id} />
      <TextInput form={form} name="additionalContentUrl" label="Additional Content URL" type="url" />
      <TextInput
        form={form}
        name="additionalContentButtonLabel"
        label="Additional Content Button Label"
        placeholder={DEFAULT_GUIDE_BUTTON_LABEL}
        hint={`Left empty, the button reads '${DEFAULT_GUIDE_BUTTON_LABEL}'.`}
      />
      <TextInput
        form={form}
        name="durationMinutes"
        label="Duration (minutes)"
        type="number"
        min={1}
        hint="Left empty, learners see '0 Minutes' for this class."
      />
      {!lesson && <TextInput form={form} name="orderIndex" label="Order" type="number" min={0} />}
      <CheckboxInput
        form={form}
        name="isUnlocked"
        label="Unlocked"
        hint={
          lesson
            ? 'Locked classes are listed to learners but cannot be opened.'
            : 'New classes start locked: learners see them listed but cannot open them until you unlock them.'
        }
      />
      <OpensAfterInput form={form} what="class" />
    </FormDialog>
  );
}
