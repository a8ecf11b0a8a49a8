import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { deleteAccountBodySchema } from '@sleep-ritual/contracts/auth';
import { Button } from '../../../components/Button.tsx';
import { PasswordField } from '../../../components/FormField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { validate } from '../../../lib/validate.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { ACCOUNT_EXPORT_URL, downloadAccountExport } from '../api/export-account.ts';
import { useRequestSignInLink } from '../api/sign-in-link.ts';
import { SignInCodeField } from './SignInCodeField.tsx';

/** On /account: a copy of everything kept about the member, as the privacy policy promises. */
export function DownloadMyData() {
  const headingId = useId();
  const [state, setState] = useState<{ downloading: boolean; error?: string }>({ downloading: false });

  async function download(event: MouseEvent) {
    event.preventDefault();
    setState({ downloading: true });
    try {
      await downloadAccountExport();
      setState({ downloading: false });
    } catch (error) {
      setState({
        downloading: false,
        error: errorMessage(error, 'Your data could not be downloaded. Please try again.'),
      });
    }
  }

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Your data</h2>
      <p className="muted">
        A file with your profile, purchases, progress and reminder settings. It never holds your password.
      </p>
      <a
        className="btn btn-secondary"
        href={ACCOUNT_EXPORT_URL}
        download
        aria-disabled={state.downloading}
        onClick={(event) => void download(event)}
      >
        Download my data
      </a>
      {state.error && (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
    </section>
  );
}

/**
 * On /account: deleting the account, behind a confirmation that says what goes and what stays, confirmed
 * with the password or, for a member without one, a code e-mailed to them now.
 */
export function DeleteMyAccount({ email }: { email: string }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const section = useRef<HTMLElement>(null);
  return (
    <section ref={section} className="account-section account-danger" aria-labelledby={headingId}>
      <h2 id={headingId}>Delete my account</h2>
      {open ? (
        <DeleteConfirmation
          email={email}
          onCancel={() => {
            setOpen(false);
            // Back to the button that opened it, once it is there again.
            window.setTimeout(() => section.current?.querySelector('button')?.focus());
          }}
        />
      ) : (
        <>
          <p className="muted">Removes your account and everything in it. This cannot be undone.</p>
          <Button variant="danger" onClick={() => setOpen(true)}>
            Delete my account
          </Button>
        </>
      )}
    </section>
  );
}

function DeleteConfirmation({ email, onCancel }: { email: string; onCancel: () => void }) {
  const remove = useDeleteAccount();
  const sendCode = useRequestSignInLink();
  const [byCode, setByCode] = useState(false);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string>();
  // The field takes focus as the confirmation opens (the button that opened it is gone), when it
  // changes to the code, and again after a refusal (the button was disabled while it was asked).
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
  }, [byCode, remove.error]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(deleteAccountBodySchema, byCode ? { code: secret } : { password: secret });
    if (result.errors) {
      // The field's own message, not beside an earlier refusal of another try.
      remove.reset();
      setError(Object.values(result.errors)[0]);
      return;
    }
    setError(undefined);
    remove.mutate(result.data);
  }

  /** Password or e-mailed code: a fresh field, and nothing said of the other way's tries. */
  function confirmBy(code: boolean) {
    setByCode(code);
    setSecret('');
    setError(undefined);
    remove.reset();
    if (code) sendCode.mutate({ email });
  }

  if (remove.isSuccess) {
    // For the moment before the deleted account's page loads.
    return (
      <p role="status" className="account-deleted">
        Your account has been deleted.
      </p>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-describedby="delete-account-warning">
      <div id="delete-account-warning" className="delete-warning">
        <p>
          <strong>This deletes your account for good.</strong> You are signed out everywhere, your progress,
          reminders and personal details are erased, and your programmes can no longer be opened with this
          account.
        </p>
        <p className="muted">
          Your orders stay in our books, without your name or e-mail. Download your data first if you want a
          copy.
        </p>
      </div>
      {byCode ? (
        <>
          {sendCode.isError ? (
            <div className="form-error" role="alert">
              <p>{errorMessage(sendCode.error, 'We could not e-mail you a code. Please try again.')}</p>
              <button type="button" className="link-button" onClick={() => sendCode.mutate({ email })}>
                E-mail me a code again
              </button>
            </div>
          ) : (
            <p className="muted" role="status">
              {sendCode.isSuccess ? `We e-mailed a 6-digit code to ${email}.` : 'Sending a code...'}
            </p>
          )}
          <SignInCodeField
            ref={field}
            describedBy="delete-account-warning"
            value={secret}
            error={error}
            onChange={setSecret}
          />
        </>
      ) : (
        <PasswordField
          ref={field}
          aria-describedby="delete-account-warning"
          label="Your password"
          name="password"
          autoComplete="current-password"
          value={secret}
          error={error}
          onChange={(event) => setSecret(event.target.value)}
        />
      )}
      {remove.isError && (
        <p className="form-error" role="alert">
          {errorMessage(remove.error, 'Your account could not be deleted. Please try again.')}
        </p>
      )}
      <div className="form-actions">
        <Button type="submit" variant="danger" busy={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete my account for good'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Keep my account
        </Button>
      </div>
      <p className="auth-links">
        {byCode ? (
          <button type="button" className="link-button" onClick={() => confirmBy(false)}>
            Use my password instead
          </button>
        ) : (
          <button type="button" className="link-button" onClick={() => confirmBy(true)}>
            No password? E-mail me a code instead
          </button>
        )}
      </p>
    </form>
  );
}
