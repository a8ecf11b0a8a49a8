import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  createProgramSchema,
  PROGRAM_TYPES,
  updateProgramSchema,
  type AdminProgram,
} from '@sleep-ritual/contracts/admin';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useCreateProgram } from '../api/create-program.ts';
import { useProgram } from '../api/get-program.ts';
import { useAdminPrograms } from '../../../lib/admin/get-programs.ts';
import { useUpdateProgram } from '../api/update-program.ts';
import { MESSAGES, UNSAVED } from '../../../lib/admin/messages.ts';
import { programFormValues, programBody, type ProgramFormValues } from '../program-form.ts';
import { adminUrls, trail } from '../../../lib/admin/urls.ts';
import { useAdminToasts } from '../../../lib/admin/use-admin-toasts.ts';
import { UploadsProvider, useUploadsInProgress } from '../../../lib/admin/uploads-in-progress.tsx';
import { useForm } from '../../../lib/admin/use-form.ts';
import { FormProblem } from '../../../components/admin/FormDialog.tsx';
import { useAskBeforeLeaving } from '../../../lib/admin/ask-before-leaving.ts';
import { CheckboxInput, NamingInputs, SelectInput, TextInput } from '../../../components/admin/Fields.tsx';
import { ImageUrlInputs } from './ImageField.tsx';
import { ProgramLoadFailed, useIds } from '../../../components/admin/ScreenStates.tsx';
import { ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';

const TYPE_OPTIONS = PROGRAM_TYPES.map((type) => ({ value: type, label: type }));

/** /admin/programs/create */
export function CreateProgramScreen() {
  const programs = useAdminPrograms();
  if (programs.isPending) return <Spinner label="Loading..." />;
  return <ProgramForm existing={undefined} programs={programs.data ?? []} />;
}

/** /admin/programs/{programId}/edit */
export function EditProgramScreen() {
  const { programId } = useIds();
  const program = useProgram(programId);
  // A programme read before and changed since (a new order saved here, say) is asked again as the screen
  // opens: the form waits for that answer, since it starts from what it is given and saves against it.
  // Only that first read: once shown, the form stays (a read after a refused save keeps the typing).
  const [readAsItOpens] = useState(() => program.isFetching);
  if (program.isPending || (readAsItOpens && !program.isFetchedAfterMount))
    return <Spinner label="Loading program..." />;
  if (program.isError) return <ProgramLoadFailed error={program.error} onRetry={() => program.refetch()} />;
  return <ProgramForm existing={program.data} programs={[]} />;
}

function ProgramForm({
  existing,
  programs,
}: {
  existing: AdminProgram | undefined;
  programs: AdminProgram[];
}) {
  const navigate = useNavigate();
  const toasts = useAdminToasts();
  const create = useCreateProgram();
  const update = useUpdateProgram();
  const initial = programFormValues(existing, programs);
  const form = useForm<ProgramFormValues>(initial);
  const pending = create.isPending || update.isPending;
  const { uploading, report } = useUploadsInProgress();
  // Saved, the screen moves on by itself; until then a link, Cancel or a reload asks first.
  useAskBeforeLeaving(form.changed, UNSAVED.leave);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    const body = programBody(form.values, initial, existing !== undefined);
    if (!existing) {
      const data = form.check(createProgramSchema, body);
      if (!data) return;
      create.mutate(data, {
        onSuccess: (created) => {
          toasts.success(MESSAGES.program.created, 'program-form');
          navigate(adminUrls.program(created.id));
        },
        onError: (error) => {
          form.showServerErrors(error);
          toasts.failure(MESSAGES.program.createFailed, error, 'program-form');
        },
      });
      return;
    }
    const data = form.check(updateProgramSchema, body);
    if (!data) return;
    update.mutate(
      { programId: existing.id, body: data },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.program.updated, 'program-form');
          navigate(adminUrls.program(existing.id));
        },
        onError: (error) => {
          form.showServerErrors(error);
          toasts.failure(MESSAGES.program.updateFailed, error, 'program-form');
        },
      },
    );
  }

  const cancelTo = existing ? adminUrls.program(existing.id) : adminUrls.programs();
  return (
    <>
      <ScreenHeader
        title={existing ? 'Edit Program' : 'Create New Program'}
        crumbs={
          existing
            ? [
                ...trail({ programId: existing.id }, { program: existing.title }, 2),
                { label: 'Edit', to: adminUrls.editProgram(existing.id) },
              ]
            : [
                ...trail({ programId: 0 }, {}, 1),
                { label: 'Create New Program', to: adminUrls.createProgram() },
              ]
        }
        back={{ label: existing ? 'Back to Program Details' : 'Back to Programs', to: cancelTo }}
      />
      <form className="admin-form" onSubmit={submit} noValidate>
        <NamingInputs form={form} titleLabel="Name" />
        <TextInput form={form} name="format" label="Format" hint="For example: 6 nights, 20 minutes each" />
        <SelectInput form={form} name="programType" label="Program Type" options={TYPE_OPTIONS} />
        <TextInput
          form={form}
          name="orderIndex"
          label="Display Order"
          type="number"
          min={1}
          hint="1 or more; programs are listed from the lowest number."
        />
        <TextInput form={form} name="programCardFinePrint" label="Card Fine Print" multiline />
        <UploadsProvider report={report}>
          <ImageUrlInputs form={form} level="program" />
        </UploadsProvider>
        <TextInput
          form={form}
          name="redirectUrl"
          label="Redirect URL"
          hint="Where users are sent from a locked program card, such as /upgrade or a full https:// address."
        />
        {existing && (
          <CheckboxInput
            form={form}
            name="isActive"
            label="Active"
            hint="Inactive programs are hidden from learners."
          />
        )}
        <FormProblem problem={form.errors.form} />
        <div className="admin-form-actions">
          <ButtonLink to={cancelTo} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" busy={pending || uploading}>
            {pending
              ? 'Saving...'
              : uploading
                ? 'Uploading...'
                : existing
                  ? 'Save Changes'
                  : 'Create Program'}
          </Button>
        </div>
      </form>
    </>
  );
}
