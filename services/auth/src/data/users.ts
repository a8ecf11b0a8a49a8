import type { Knex } from 'knex';

export type UserRow = {
  id: number;
  email: string;
  password: string | null;
  firstName: string | null;
  lastName: string | null;
};

const columns = ['id', 'email', 'password', 'firstName', 'lastName'] as const;

export function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db('users')
    .whereRaw('lower(email) = lower(?)', [email])
    .whereNull('deletedAt')
    .first(...columns);
}

export function findUserById(db: Knex, id: number): Promise<UserRow | undefined> {
  return db('users')
    .where({ id })
    .whereNull('deletedAt')
    .first(...columns);
}

export async function recordSignIn(db: Knex, id: number): Promise<void> {
  await db('users').where({ id }).update({ lastSignInAt: db.fn.now() });
}

/** Sets the password from a reset link: the mailed link proves the address too. */
export async function setPassword(db: Knex, id: number, passwordHash: string): Promise<void> {
  await db('users')
    .where({ id })
    .update({ password: passwordHash, emailVerified: true, updatedAt: db.fn.now() });
}

/**
 * Sets the first password only, without proof of the address (the checkout's redirect): answers false
 * when the account already had one or its address was proven meanwhile (a race or a replay).
 */
export async function setFirstPassword(db: Knex, id: number, passwordHash: string): Promise<boolean> {
  const updated = await db('users').where({ id, emailVerified: false }).whereNull('password').update({
    password: passwordHash,
    emailVerified: false,
    lastSignInAt: db.fn.now(),
    updatedAt: db.fn.now(),
  });
  return updated === 1;
}

/**
 * Sets the password through a mailed link, which proves the address: allowed while the account has no
 * password or one set without that proof; answers false otherwise (a race or a replay).
 */
export async function setPasswordFromMailedLink(
  db: Knex,
  id: number,
  passwordHash: string,
): Promise<boolean> {
  const updated = await db('users')
    .where({ id })
    .andWhere((query) => query.whereNull('password').orWhere('emailVerified', false))
    .update({
      password: passwordHash,
      emailVerified: true,
      lastSignInAt: db.fn.now(),
      updatedAt: db.fn.now(),
    });
  return updated === 1;
}

/**
 * Marks the address verified, in one locked step: a password set while it was not (through a checkout
 * redirect) is cleared, since nobody proved it belongs to the address's owner.
 */
export function proveAddress(db: Knex, id: number): Promise<{ passwordCleared: boolean }> {
  return db.transaction(async (trx) => {
    const user = await trx('users').where({ id }).forUpdate().first('password', 'emailVerified');
    if (!user || user.emailVerified) return { passwordCleared: false };
    await trx('users').where({ id }).update({ password: null, emailVerified: true, updatedAt: trx.fn.now() });
    return { passwordCleared: user.password !== null };
  });
}

export function publicUser(user: UserRow) {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName };
}
