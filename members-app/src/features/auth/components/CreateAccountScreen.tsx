import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  createAccountFormSchema,
  orderIdFromQuery,
  type CreateAccountLookup,
} from '@sleep-ritual/contracts/auth';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { TextField } from '../../../components/FormField.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { supportEmail } from '../../../lib/public-config.ts';
import { validate } from '../../../lib/validate.ts';
import {
  isStillProcessing,
  lookupQuery,
  useCreateAccount,
  useCreateAccountLookup,
} from '../api/create-account.ts';
import { currentUserQueryOptions } from '../api/get-current-user.ts';
import { AuthCard } from './AuthCard.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const TEST_ORDER: CreateAccountLookup = {
  email: 'test.buyer@example.com',
  productName: 'The 6-Night Sleep Meditation Ritual',
  hasAccount: true,
  hasPassword: false,
};

/** Spec 000 §2 and §4: account creation after purchase, with every state it can be in. */
export function CreateAccountScreen() {
  useDocumentTitle('Create Account');
  const location = useLocation();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const orderId = orderIdFromQuery(params);
  const testMode = params.get('test') === 'true';
  const [startedAt] = useState(() => Date.now());
  const query = lookupQuery(orderId ?? '', params);
  const lookup = useCreateAccountLookup(query, Boolean(orderId) && !testMode, startedAt);
  // Asked only once the order is known: a member reopening their own link belongs in their programmes.
  const currentUser = useQuery({ ...currentUserQueryOptions(), enabled: Boolean(lookup.data) });
  // Made here, not in the form: once this page has created the account, the buyer is signed in too,
  // and must not be mistaken for a member reopening the link.
  const create = useCreateAccount();

  useEffect(() => {
    // No order and no query at all: nothing to create; the buyer belongs on the home page.
    if (!location.search) window.location.replace('/');
  }, [location.search]);

  if (!location.search) return null;
  if (testMode) {
    return <CreateAccountForm order={TEST_ORDER} orderId="TEST-ORDER" query="" create={create} testMode />;
  }
  if (!orderId) {
    return (
      <AuthCard title="Account Creation Error">
        <p>
          We're having trouble creating your account. Please email{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> and we'll get you set up.
        </p>
      </AuthCard>
    );
  }
  if (lookup.isPending || (lookup.isFetching && lookup.failureCount > 0)) {
    return (
      <AuthCard title={lookup.failureCount > 0 ? 'Processing your request...' : 'Verifying your purchase...'}>
        <Spinner
          label={lookup.failureCount > 0 ? 'Processing your request...' : 'Verifying your purchase...'}
        />
        {lookup.failureCount > 0 && (
          <p className="muted">Your purchase is being confirmed. This takes a few seconds.</p>
        )}
      </AuthCard>
    );
  }
  if (lookup.isError && lookup.error instanceof ApiError && lookup.error.status === 429) {
    return (
      <AuthCard title="Account Creation Error">
        <p>{lookup.error.serverMessage}</p>
      </AuthCard>
    );
  }
  if (lookup.isError && isStillProcessing(lookup.error)) {
    // The checkout sent this buyer, and the order is still being set up past the page's wait (a slow
    // worker, a product not yet mapped): the payment went through, and nothing says it is missing.
    return (
      <AuthCard title="Processing your request...">
        <p>
          Your payment went through, and your account is taking longer than usual to set up. We&apos;ll e-mail
          you a link to create it as soon as it&apos;s ready, or check again here in a minute.
        </p>
        <p className="muted">
          Nothing within the hour? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
        <Button className="btn-block" busy={lookup.isFetching} onClick={() => void lookup.refetch()}>
          {lookup.isFetching ? 'Checking...' : 'Check again'}
        </Button>
      </AuthCard>
    );
  }
  if (lookup.isError || !lookup.data) {
    return (
      <AuthCard title="Order Not Found">
        <p>
          We couldn't find a purchase associated with this link. Please check your email for the correct link,
          or contact support at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </AuthCard>
    );
  }
  if (currentUser.isPending && create.isIdle) {
    return (
      <AuthCard title="Verifying your purchase...">
        <Spinner label="Verifying your purchase..." />
      </AuthCard>
    );
  }
  const member = currentUser.data;
  if (create.isIdle && member && member.email.toLowerCase() === lookup.data.email.toLowerCase()) {
    return <Navigate to="/my-programs" replace />;
  }
  if (lookup.data.hasPassword && create.isIdle) {
    return (
      <AuthCard title="Account Already Exists">
        <p>An account already exists with the email {lookup.data.email}. Please log in.</p>
        <ButtonLink to="/sign-in" state={{ email: lookup.data.email }} className="btn-block">
          Go to Login
        </ButtonLink>
      </AuthCard>
    );
  }
  return <CreateAccountForm order={lookup.data} orderId={orderId} query={query} create={create} />;
}

function CreateAccountForm({
  order,
  orderId,
  query,
  create,
  testMode = false,
}: {
  order: CreateAccountLookup;
  orderId: string;
  /** The proof the page came with (mailed token or signed checkout redirect), passed on untouched. */
  query: string;
  create: ReturnType<typeof useCreateAccount>;
  testMode?: boolean;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [testDone, setTestDone] = useState(false);
  // One account per page: a second press before the first answer (a double tap) sends nothing.
  const sending = useRef(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const result = validate(createAccountFormSchema, values);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (testMode) {
      setTestDone(true);
      window.location.assign('/');
      return;
    }
    sending.current = true;
    create.mutate(
      { order_id: orderId, password: result.data.password, query },
      {
        onSuccess: (answer) => {
          if (answer.signedIn) navigate('/programs/my-programs');
        },
        onError: () => {
          sending.current = false;
        },
      },
    );
  }

  if (create.data && !create.data.signedIn) {
    // The checkout's redirect cannot open an account that was there before the order: the mailed link can.
    return (
      <AuthCard title="Check Your Email">
        <p>{create.data.message}</p>
        <ButtonLink to="/sign-in" state={{ email: order.email }} className="btn-block">
          Go to Login
        </ButtonLink>
      </AuthCard>
    );
  }

  const pending = create.isPending || create.isSuccess || testDone;
  return (
    <AuthCard title="Welcome! Let's create your account" wide>
      {testMode && (
        <p className="test-banner" role="status">
          Test Mode Active
        </p>
      )}
      <p className="muted">
        {order.productName ? `Thank you for joining ${order.productName}. ` : ''}Choose a password to open
        your members area.
      </p>
      <form onSubmit={submit} noValidate>
        <TextField label="Email" type="email" name="email" value={order.email} readOnly />
        <NewPasswordFields values={values} errors={errors} onChange={setValues} passwordLabel="Password" />
        {create.isError && (
          <p className="form-error" role="alert">
            {errorMessage(create.error, 'Failed to create account. Please try again.')}
          </p>
        )}
        <Button type="submit" className="btn-block" busy={pending}>
          {pending ? 'Creating Account...' : 'Create My Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
