import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';

/** The e-mails this service asks the worker to send; the worker builds links and tokens itself. */
export type AuthEmail = { template: 'password-reset'; userId: number };

export type AuthDeps = ServiceDeps & {
  sendEmail(email: AuthEmail): Promise<void>;
};
