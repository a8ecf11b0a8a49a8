import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  createAccountFormSchema,
  orderIdFromQuery,
  thrivecartFieldsFromQuery,
  type CreateAccountLookup,
} from '@sleep-ritual/contracts/auth';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { TextField } from '../../../components/FormField.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { supportEmail } from '../../../lib/public-config.ts';
import { validate } from '../../../lib/validate.ts';
import { lookupQuery, useCreateAccount, useCreateAccountLookup } from '../api/create-account.ts';
import { AuthCard } from './AuthCard.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

const TEST_ORDER: CreateAccountLookup = {
  email: 'test.buyer@example.com',
  productName: 'The 6-Night Sleep Meditation Ritual',
  hasAccount: true,
  hasPassword: false,
};

/** Spec 000 §2 and §4: account creation after purchase, with every state it can be in. */
export function CreateAccountScreen() {
  const location = useLocation();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const orderId = orderIdFromQuery(params);
  const testMode = params.get('test') === 'true';
  const [startedAt] = useState(() => Date.now());
  const lookup = useCreateAccountLookup(
    lookupQuery(orderId ?? '', params),
    Boolean(orderId) && !testMode,
    startedAt,
  );

  useEffect(() => {
    // No order and no query at all: nothing to create; the buyer belongs on the home page.
    if (!location.search) window.location.replace('/');
  }, [location.search]);

  if (!location.search) return null;
  if (testMode) return <CreateAccountForm order={TEST_ORDER} orderId="TEST-ORDER" params={params} testMode />;
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
  if (lookup.data.hasPassword) {
    return (
      <AuthCard title="Account Already Exists">
        <p>An account already exists with the email {lookup.data.email}. Please log in.</p>
        <ButtonLink to="/sign-in" className="btn-block">
          Go to Login
        </ButtonLink>
      </AuthCard>
    );
  }
  return <CreateAccountForm order={lookup.data} orderId={orderId} params={params} />;
}

function CreateAccountForm({
  order,
  orderId,
  params,
  testMode = false,
}: {
  order: CreateAccountLookup;
  orderId: string;
  params: URLSearchParams;
  testMode?: boolean;
}) {
  const navigate = useNavigate();
  const create = useCreateAccount();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [testDone, setTestDone] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
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
    create.mutate(
      {
        order_id: orderId,
        password: result.data.password,
        token: params.get('token') ?? undefined,
        thrivecart: thrivecartFieldsFromQuery(params),
        thrivecart_hash: params.get('thrivecart_hash') ?? undefined,
      },
      { onSuccess: () => navigate('/programs/my-programs') },
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
        <Button type="submit" className="btn-block" disabled={pending}>
          {pending ? 'Creating Account...' : 'Create My Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
