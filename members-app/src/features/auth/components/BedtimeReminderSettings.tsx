import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  bedtimeReminderInputSchema,
  type BedtimeReminder,
  type BedtimeReminderInput,
} from '@sleep-ritual/contracts/reminders';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/FormField.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { validate } from '../../../lib/validate.ts';
import { useBedtimeReminder } from '../api/get-bedtime-reminder.ts';
import { useSaveBedtimeReminder } from '../api/save-bedtime-reminder.ts';

/** The browser's own IANA zone, which the form offers first. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every zone the browser knows, with the chosen one always among them. */
function timeZones(chosen: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(chosen) ? known : [chosen, ...known].sort();
}

/** "Wednesday 9:30 PM", in the reminder's own zone. */
function nextSendLabel(nextSendAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(nextSendAt));
}

/**
 * On /account: the nightly e-mail "Tonight: Night N – title" at the learner's bedtime, in their time
 * zone (the browser's unless they choose another), until every night is done or they turn it off.
 */
export function BedtimeReminderSettings() {
  const headingId = useId();
  const reminder = useBedtimeReminder();
  const online = useOnline();
  // Asked for again as the network comes back, when it failed for want of it.
  const { isError, refetch } = reminder;
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current && isError) void refetch();
    wasOnline.current = online;
  }, [online, isError, refetch]);
  return (
    <section className="reminder-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>Bedtime reminder</h2>
      <p className="muted">
        An e-mail at your bedtime each night, with the night to listen to and one tap to start it.
      </p>
      {reminder.isPending ? (
        <p role="status">Loading your reminder...</p>
      ) : reminder.isError && !online ? (
        <p className="muted">Your reminder shows here once you&apos;re online.</p>
      ) : reminder.isError ? (
        <div role="alert">
          <p>Could not load your reminder. Please try again.</p>
          <Button variant="secondary" onClick={() => void reminder.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ReminderForm saved={reminder.data} />
      )}
    </section>
  );
}

function ReminderForm({ saved }: { saved: BedtimeReminder }) {
  const toast = useToast();
  const save = useSaveBedtimeReminder();
  const [values, setValues] = useState<BedtimeReminderInput>({
    enabled: saved.enabled,
    time: saved.time,
    timeZone: saved.timeZone ?? browserTimeZone(),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // About 400 zones: made once per chosen zone, not on every keystroke.
  const zoneOptions = useMemo(
    () =>
      timeZones(values.timeZone).map((zone) => (
        <option key={zone} value={zone}>
          {zone.replace(/_/g, ' ')}
        </option>
      )),
    [values.timeZone],
  );
  const zoneId = useId();
  const enabledId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(bedtimeReminderInputSchema, values);
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    save.mutate(checked.data, {
      onSuccess: (answer) =>
        toast(
          answer.enabled
            ? { title: 'Reminder saved', description: `We'll e-mail you at ${answer.time} each night.` }
            : { title: 'Bedtime reminders turned off', description: 'You will not get the nightly e-mail.' },
        ),
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Could not save your reminder. Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <form className="reminder-form" onSubmit={submit} noValidate>
      <div className="field checkbox-field">
        <input
          id={enabledId}
          type="checkbox"
          checked={values.enabled}
          onChange={(event) => setValues({ ...values, enabled: event.target.checked })}
        />
        <label htmlFor={enabledId}>Remind me each night</label>
      </div>
      <TextField
        label="Time"
        type="time"
        value={values.time}
        error={errors.time}
        onChange={(event) => setValues({ ...values, time: event.target.value })}
      />
      <div className="field">
        <label htmlFor={zoneId}>Time zone</label>
        <select
          id={zoneId}
          value={values.timeZone}
          aria-invalid={errors.timeZone ? true : undefined}
          aria-describedby={errors.timeZone ? `${zoneId}-error` : undefined}
          onChange={(event) => setValues({ ...values, timeZone: event.target.value })}
        >
          {zoneOptions}
        </select>
        {errors.timeZone && (
          <p id={`${zoneId}-error`} className="field-error" role="alert">
            {errors.timeZone}
          </p>
        )}
      </div>
      <Button type="submit" busy={save.isPending} aria-busy={save.isPending || undefined}>
        {save.isPending ? 'Saving...' : 'Save reminder'}
      </Button>
      <p className="reminder-status" aria-live="polite">
        {saved.enabled
          ? saved.nextSendAt
            ? `Next reminder: ${nextSendLabel(saved.nextSendAt, saved.timeZone ?? values.timeZone)}.`
            : 'No reminder is due: every night is done, or the programme is no longer in your account. Save again to start them anew.'
          : 'Reminders are off.'}
      </p>
    </form>
  );
}
