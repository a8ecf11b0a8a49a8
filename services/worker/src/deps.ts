import type { Knex } from 'knex';
import type { Config } from '@sleep-ritual/platform/config';
import type { Logger } from '@sleep-ritual/platform/logger';
import type { Backends } from '@sleep-ritual/platform/backends';
import type { SessionStore } from '@sleep-ritual/platform/session-store';
import type { Mailer } from './mail/mailer.ts';
import type { EmailsQueue } from '@sleep-ritual/jobs/emails';

/** What the worker process runs on (consumers.ts builds the rest from it). */
export type WorkerDeps = { config: Config; logger: Logger; db: Knex; backends: Backends };

/**
 * What turning a purchase event into access needs: the database, the queue of the e-mail it sends, the
 * days of grace a failed instalment gives (PAYMENT_GRACE_DAYS), and the session store, to sign out
 * whoever holds an account through a password nobody proved the address for.
 */
export type PurchaseDeps = {
  db: Knex;
  emails: EmailsQueue;
  paymentGraceDays: number;
  sessions: Pick<SessionStore, 'endUser'>;
};

/**
 * What sending one e-mail needs: the database to build it from, the links' settings and the mailer;
 * `clock` (tests move it) is the time a bedtime reminder is judged by.
 */
export type EmailDeps = {
  db: Knex;
  config: Pick<Config, 'publicAppUrl' | 'sessionKeys' | 'supportEmail' | 'accountHashSecret'>;
  mailer: Mailer;
  clock?: () => Date;
};
