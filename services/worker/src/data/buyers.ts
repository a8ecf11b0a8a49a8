import type { Knex } from 'knex';
import { storableText, type PurchaseCustomer } from '@sleep-ritual/contracts/webhook';

/**
 * The user of a buyer's e-mail, created without a password when new (the create-account link sets it).
 * E-mail matches regardless of case; names fill in only what the user does not have yet.
 */
export async function findOrCreateBuyer(trx: Knex.Transaction, customer: PurchaseCustomer): Promise<number> {
  const result = await trx.raw<{ rows: { id: number }[] }>(
    `insert into users (email, "firstName", "lastName") values (?, ?, ?)
     on conflict ((lower(email))) do update
       set "firstName" = coalesce(users."firstName", excluded."firstName"),
           "lastName" = coalesce(users."lastName", excluded."lastName")
     returning id`,
    // Cleaned here too, for jobs queued before the receiver cleaned what buyers type.
    [customer.email.trim().toLowerCase(), storable(customer.firstName), storable(customer.lastName)],
  );
  return result.rows[0]!.id;
}

function storable(name: string | null): string | null {
  return name === null ? null : storableText(name).slice(0, 255) || null;
}

export type Recipient = {
  id: number;
  email: string;
  firstName: string | null;
  /** A password set by whoever proved they read this address (a mailed link), not only by a checkout redirect. */
  hasVerifiedPassword: boolean;
};

export async function findRecipient(db: Knex, userId: number): Promise<Recipient | undefined> {
  const row = await db('users')
    .where({ id: userId })
    .first('id', 'email', 'firstName', 'password', 'emailVerified');
  return (
    row && {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      hasVerifiedPassword: Boolean(row.password) && row.emailVerified === true,
    }
  );
}
