import { useId, type ReactNode } from 'react';
import type { Form } from '../../lib/admin/use-form.ts';

type Common = { form: Form; name: string; label: string; hint?: ReactNode };

/** The ids tying a control to its hint and error, so screen readers read both with it. */
export function useDescriptions(form: Form, name: string, hint?: ReactNode) {
  const id = useId();
  const error = form.errors[name];
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    id,
    error,
    control: {
      id,
      name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    },
    notes: (
      <>
        {hint && (
          <p id={hintId} className="field-hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
      </>
    ),
  };
}

type TextProps = Common & {
  type?: 'text' | 'url' | 'number';
  multiline?: boolean;
  placeholder?: string;
  min?: number;
  required?: boolean;
};

export function TextInput({
  form,
  name,
  label,
  hint,
  type = 'text',
  multiline,
  placeholder,
  min,
  required,
}: TextProps) {
  const { id, control, notes } = useDescriptions(form, name, hint);
  const value = String(form.values[name] ?? '');
  const onChange = (event: { target: { value: string } }) => form.set(name, event.target.value);
  return (
    <div className="field">
      <span className="field-label">
        <label htmlFor={id}>{label}</label>
        {/* Outside the label, so the field's name stays "Title"; aria-required says it to screen readers. */}
        {required && (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        )}
      </span>
      {multiline ? (
        <textarea {...control} rows={3} value={value} placeholder={placeholder} onChange={onChange} />
      ) : (
        <input
          {...control}
          type={type}
          inputMode={type === 'number' ? 'numeric' : undefined}
          min={min}
          value={value}
          placeholder={placeholder}
          aria-required={required || undefined}
          onChange={onChange}
        />
      )}
      {notes}
    </div>
  );
}

export function SelectInput({
  form,
  name,
  label,
  hint,
  options,
}: Common & { options: readonly { value: string; label: string }[] }) {
  const { id, control, notes } = useDescriptions(form, name, hint);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        {...control}
        value={String(form.values[name] ?? '')}
        onChange={(event) => form.set(name, event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {notes}
    </div>
  );
}

export function CheckboxInput({ form, name, label, hint }: Common) {
  const { id, control, notes } = useDescriptions(form, name, hint);
  return (
    <div className="field checkbox-field">
      <input
        {...control}
        type="checkbox"
        checked={Boolean(form.values[name])}
        onChange={(event) => form.set(name, event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {notes}
    </div>
  );
}

/**
 * Drip: "opens N days after purchase" of a path or class, beside its lock. Empty or 0 opens at once;
 * a class waits for its own days or its path's, whichever is longer.
 */
export function OpensAfterInput({ form, what }: { form: Form; what: 'path' | 'class' }) {
  return (
    <TextInput
      form={form}
      name="opensAfterDays"
      label="Opens after (days)"
      type="number"
      min={0}
      placeholder="0"
      hint={
        what === 'path'
          ? "Days after the learner's purchase before this path opens. Empty or 0: at once."
          : "Days after the learner's purchase before this class opens (its path's days count too). Empty or 0: at once."
      }
    />
  );
}

/** The form value of a stored drip delay: empty for "at once". */
export const opensAfterValue = (days: number | undefined) => (days ? String(days) : '');

/** Title, label and description: every level of the tree has them (§3); a programme's title is its name (§5). */
export function NamingInputs({
  form,
  labelHint,
  titleLabel = 'Title',
}: {
  form: Form;
  labelHint?: string;
  titleLabel?: string;
}) {
  return (
    <>
      <TextInput form={form} name="title" label={titleLabel} required />
      <TextInput form={form} name="label" label="Label" hint={labelHint} />
      <TextInput form={form} name="description" label="Description" multiline />
    </>
  );
}
