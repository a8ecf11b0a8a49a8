import type { Knex } from 'knex';

export type UserRow = {
  id: number;
  email: string;
  password: string | null;
  firstName: string | null;
  lastName: string | null;
  /** Someone proved they read the address (a mailed link or code); false for a password set otherwise. */
  emailVerified: boolean;
};

const columns = ['id', 'email', 'password', 'firstName', 'lastName', 'emailVerified'] as const;

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

/** Whether the user with this id deleted their account. */
export async function isDeletedUser(db: Knex, id: number): Promise<boolean> {
  return Boolean(await db('users').where({ id }).whereNotNull('deletedAt').first('id'));
}

/** Records a sign-in now; answers the member's address. */
export async function recordSignIn(db: Knex, id: number): Promise<string> {
  const [row] = await db('users').where({ id }).update({ lastSignInAt: db.fn.now() }, ['email']);
  if (!row) throw new Error(`No user ${id} to sign in`);
  return row.email;
}

/** Sets the password from a reset link: the mailed link proves the address too. */
export async function setPassword(db: Knex, id: number, passwordHash: string): Promise<void> {
  await db('users')
    .where({ id })
    .update({ password: passwordHash, emailVerified: true, updatedAt: db.fn.now() });
}

/**
 * Sets the first password only, without proof of the address (the checkout's redirect of `orderId`):
 * answers false when the account already had one, its address was proven meanwhile, or a purchase from
 * any other order reached it meanwhile (a race or a replay). The account's row is locked first, as the
 * worker's filing of an order locks it, so the two never interleave: either the other order is seen
 * here, or the worker sees this password and ends it.
 */
export function setFirstPassword(
  db: Knex,
  id: number,
  orderId: string,
  passwordHash: string,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const user = await trx('users')
      .where({ id })
      .whereNull('deletedAt')
      .forUpdate()
      .first('password', 'emailVerified');
    if (!user || user.password !== null || user.emailVerified) return false;
    const other = await trx('purchases')
      .where({ userId: id })
      .andWhereRaw('"thriveOrderId" is distinct from ?', [orderId])
      .first('id');
    if (other) return false;
    await trx('users').where({ id }).update({
      password: passwordHash,
      lastSignInAt: trx.fn.now(),
      updatedAt: trx.fn.now(),
    });
    return true;
  });
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
    .whereNull('deletedAt')
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
    const user = await trx('users')
      .where({ id })
      .whereNull('deletedAt')
      .forUpdate()
      .first('password', 'emailVerified');
    if (!user || user.emailVerified) return { passwordCleared: false };
    await trx('users').where({ id }).update({ password: null, emailVerified: true, updatedAt: trx.fn.now() });
    return { passwordCleared: user.password !== null };
  });
}

export function publicUser(user: UserRow) {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName };
}
