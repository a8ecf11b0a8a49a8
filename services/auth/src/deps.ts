import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import type { Limits } from './domain/limits.ts';

/** The e-mails this service asks the worker to send; the worker builds links and tokens itself. */
export type AuthEmail = { template: 'password-reset' | 'sign-in-link'; userId: number };

export type AuthDeps = ServiceDeps & {
  sendEmail(email: AuthEmail): Promise<void>;
  /**
   * The queues' side of deleting an account: the address out of the jobs of the member's orders never
   * provisioned (the jobs package's orderForgetter); answers how many jobs it rewrote.
   */
  forgetOrders(orderIds: string[]): Promise<number>;
};

/** What the routers run on: the service's dependencies and its rate limits, made once per app. */
export type AuthRouteDeps = AuthDeps & { limits: Limits };
