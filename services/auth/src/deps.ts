import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import type { Limits } from './domain/limits.ts';

/** The e-mails this service asks the worker to send; the worker builds links and tokens itself. */
export type AuthEmail = { template: 'password-reset' | 'sign-in-link'; userId: number };

export type AuthDeps = ServiceDeps & {
  sendEmail(email: AuthEmail): Promise<void>;
};

/**
 * What the routers run on: the service's dependencies, its rate limits, and the queues' side of deleting
 * an account (the buyer's address out of the jobs of their orders never provisioned), made once per app.
 */
export type AuthRouteDeps = AuthDeps & { limits: Limits; forgetOrders(orderIds: string[]): Promise<number> };
