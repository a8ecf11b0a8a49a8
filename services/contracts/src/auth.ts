import { z } from 'zod';

/** Spec 000 §5: the forms' rules and their exact messages, shared by the members app and services/auth. */

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email').max(255, 'Enter a valid email'));
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
 * What proves the buyer owns the order once it is no longer fresh: the token of the mailed link, or
 * the checkout's signed redirect (its thrivecart[...] fields and thrivecart_hash).
 */
export const orderProofSchema = z.object({
  token: z.string().max(255).optional(),
  thrivecart: z.record(z.string(), z.string().max(1000)).optional(),
  thrivecart_hash: z.string().max(255).optional(),
});

export const createAccountBodySchema = orderProofSchema.extend({
  order_id: orderId,
  password: createAccountPassword,
});
export type CreateAccountBody = z.infer<typeof createAccountBodySchema>;

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

/** The thrivecart[...] fields of a query string, as the checkout signed them. */
export function thrivecartFieldsFromQuery(params: URLSearchParams): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = /^thrivecart\[([^\]]+)\]$/.exec(key);
    if (match) fields[match[1]!] = value;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
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
/** The answer of logout, create-account and the admin sign-in and sign-out. */
export const successSchema = z.object({ success: z.boolean(), message: z.string().optional() });
/** GET /api/admin/check */
export const adminCheckSchema = z.object({ isAdmin: z.boolean() });
