import { z } from 'zod';

/** Spec 000 §5: the forms' rules and their exact messages, shared by the members app and services/auth. */

/**
 * An e-mail address by the rule of a browser's `type="email"` field (the HTML standard's), with a dot
 * in its domain (`jane@gmailcom` is a slip, never an inbox), at most 255 characters: an address a
 * checkout took (`a&b@…`, `o'neil@…`, a `xn--` domain) is never refused on its way to an account.
 */
export const emailAddressSchema = (message: string) =>
  z
    .email({ pattern: z.regexes.html5Email, error: message })
    .max(255, message)
    .refine((address) => /@[^@]*\./.test(address), message);

const email = z.string().trim().toLowerCase().pipe(emailAddressSchema('Enter a valid email'));
// Long enough for any passphrase, short enough that hashing it cannot be used to tie up the server.
const MAX_PASSWORD = 200;

export const loginBodySchema = z.object({
  email,
  password: z
    .string('Password is required')
    .min(1, 'Password is required')
    .max(MAX_PASSWORD, 'Password is too long'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const forgotPasswordBodySchema = z.object({ email });

/** POST /api/login/link: e-mail me a sign-in link (passwordless sign-in, the second way in). */
export const signInLinkRequestBodySchema = z.object({ email });
/** The answer, the same whether or not the account exists. */
export const SIGN_IN_LINK_ANSWER = "If an account with that email exists, we've sent you a sign-in link.";
export const INVALID_SIGN_IN_LINK = 'This sign-in link is invalid or has expired.';
/** POST /api/login/link/sign-in: the token of the e-mailed link. */
export const signInWithLinkBodySchema = z.object({
  token: z.string(INVALID_SIGN_IN_LINK).min(1, INVALID_SIGN_IN_LINK).max(255, INVALID_SIGN_IN_LINK),
});

export const INVALID_SIGN_IN_CODE =
  'That code is not right, or it has expired. Use the code of the latest e-mail, or ask for a new one.';
const signInCode = z
  .string('Enter the 6-digit code')
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');
/**
 * POST /api/login/code: the 6-digit code of the sign-in e-mail, for a device where the link would open
 * another browser (the installed app). The answer never says whether the address has an account.
 */
export const signInWithCodeBodySchema = z.object({ email, code: signInCode });
export type SignInWithCodeBody = z.infer<typeof signInWithCodeBodySchema>;

/**
 * DELETE /api/account: the member confirms with their password or, when they have none, with a code from
 * a fresh sign-in e-mail. Exactly one of the two.
 */
export const deleteAccountBodySchema = z.union(
  [
    z
      .object({
        password: z
          .string('Enter your password')
          .min(1, 'Enter your password')
          .max(MAX_PASSWORD, 'Password is too long'),
      })
      .strict(),
    z.object({ code: signInCode }).strict(),
  ],
  'Confirm with your password, or with the 6-digit code we e-mailed you',
);
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
export const WRONG_ACCOUNT_PASSWORD = 'That password is not right. Your account is unchanged.';
/** A password set through a checkout redirect proves nobody read the address (docs/accounts.md). */
export const ADDRESS_NOT_PROVEN_TO_EXPORT =
  'Please confirm your e-mail address before downloading your data: sign out, then sign in with "Email me a sign-in link instead" and the link or code we send you. Then choose a new password with "Forgot your password?" if you want one.';
export const ADDRESS_NOT_PROVEN_TO_DELETE =
  'Your e-mail address is not confirmed yet, so your password cannot delete the account. Ask for a code by e-mail ("No password? E-mail me a code instead") and enter it.';

export const resetPasswordBodySchema = z
  .object({
    token: z
      .string('Reset token is required')
      .min(1, 'Reset token is required')
      .max(255, 'Reset token is required'),
    password: z
      .string('Password must be at least 8 characters long')
      .min(8, 'Password must be at least 8 characters long')
      .max(MAX_PASSWORD, 'Password is too long'),
    confirmPassword: z.string("Passwords don't match"),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** GET /api/reset-password?token=…: whether the link still works, asked when the page opens. */
export const resetTokenCheckSchema = z.object({ valid: z.boolean() });
export type ResetTokenCheck = z.infer<typeof resetTokenCheckSchema>;

const createAccountPassword = z
  .string('Password must be at least 6 characters')
  .min(6, 'Password must be at least 6 characters')
  .max(MAX_PASSWORD, 'Password is too long');

/** The create-account form in the browser (with its confirm field). */
export const createAccountFormSchema = z
  .object({
    password: createAccountPassword,
    confirmPassword: z.string('Please confirm your password').min(6, 'Please confirm your password'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

const orderId = z.string().trim().min(1, 'Order id is required').max(255, 'Order id is too long');

/**
 * The create-account call: the order id (spec 000 §7) and the first password, plus `query`, the page's
 * own query string passed through untouched. Only what that query carries proves anything: the mailed
 * link's `token` (the address is the caller's) or the checkout's signed redirect (the whole
 * `thrivecart[...]` array and `thrivecart_hash`: the caller placed this order). A bare order id proves
 * nothing, since order ids are sequential.
 */
export const createAccountBodySchema = z.object({
  order_id: orderId,
  password: createAccountPassword,
  query: z.string().max(16_000, 'The link is too long').optional(),
});
export type CreateAccountBody = z.infer<typeof createAccountBodySchema>;

/**
 * The answer of POST /api/create-account. `signedIn` is false when the order's address belongs to an
 * account the checkout's redirect cannot open (it was there before this order): the link mailed to
 * that address finishes the job, and `message` says so.
 */
export const createAccountAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  signedIn: z.boolean(),
});
export type CreateAccountAnswer = z.infer<typeof createAccountAnswerSchema>;

/** The look-up's error while a genuine checkout redirect names an order the worker has not provisioned yet. */
export const ORDER_PROCESSING = 'Your purchase is still being processed.';
export const ORDER_NOT_FOUND = 'Order Not Found';

export const createAccountLookupSchema = z.object({
  email: z.string(),
  productName: z.string().nullable(),
  hasAccount: z.boolean(),
  hasPassword: z.boolean(),
});
export type CreateAccountLookup = z.infer<typeof createAccountLookupSchema>;

/** The keys under which the order id can arrive from the checkout's redirect or the mailed link. */
export const ORDER_ID_QUERY_KEYS = [
  'thrivecart[order_id]',
  'thrivecart[invoice_id]',
  'thrivecart[purchase_id]',
  'order_id',
  'invoice_id',
  'purchase_id',
] as const;

export function orderIdFromQuery(params: URLSearchParams): string | undefined {
  for (const key of ORDER_ID_QUERY_KEYS) {
    const value = params.get(key)?.trim();
    if (value) return value;
  }
  return undefined;
}

export const adminAuthBodySchema = z.object({
  password: z
    .string('Password is required')
    .min(1, 'Password is required')
    .max(MAX_PASSWORD, 'Invalid password'),
});
export type AdminAuthBody = z.infer<typeof adminAuthBodySchema>;

/** The answer of forgot-password and reset-password. */
export const messageSchema = z.object({ message: z.string() });
/** The answer of logout and the admin sign-in and sign-out. */
export const successSchema = z.object({ success: z.boolean(), message: z.string().optional() });
/** GET /api/admin/check */
export const adminCheckSchema = z.object({ isAdmin: z.boolean() });
