import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, statementsDuring, uniqueEmail } from '@sleep-ritual/platform/testing';
import { processPurchase } from '../src/domain/purchases.processor.ts';
import { orderEmailJobId } from '@sleep-ritual/jobs/emails';
import type { PurchaseJob } from '@sleep-ritual/jobs/purchases';
import { createMappedProgram, openTestQueues, uniqueQueuePrefix } from '../src/testing.ts';

const deps = createTestDeps();
let queues: Awaited<ReturnType<typeof openTestQueues>>;
let ritual: { programId: number; item: string };
let bump: { programId: number; item: string };

beforeAll(async () => {
  queues = await openTestQueues(deps.config, uniqueQueuePrefix());
  ritual = await createMappedProgram(deps.db);
  bump = await createMappedProgram(deps.db, { kind: 'bump' });
});
afterAll(async () => {
  await queues.dispose();
  await deps.close();
});

let orderCounter = 0;
function order(overrides: Partial<PurchaseJob> = {}): PurchaseJob {
  orderCounter += 1;
  return {
    event: 'order.success',
    orderId: `P${Date.now()}${orderCounter}`,
    invoiceId: null,
    test: false,
    customer: { email: uniqueEmail('buyer'), firstName: 'Ann', lastName: 'Lee' },
    items: [ritual.item],
    totalCents: 4700,
    ...overrides,
  };
}

const run = (job: PurchaseJob) =>
  processPurchase(
    {
      db: deps.db,
      emails: queues.emails,
      paymentGraceDays: deps.config.paymentGraceDays,
      sessions: deps.backends.sessions,
    },
    job,
    deps.logger,
  );

/** The order e-mails queued for an order (its create-account or "now in your account" mail). */
async function orderMailJobs(orderId: string) {
  const jobs = await queues.emails.getJobs(['waiting', 'active', 'completed', 'delayed', 'failed']);
  return jobs.flatMap((job) =>
    job.data.template === 'create-account' && job.data.orderId === orderId ? [job.data] : [],
  );
}

const purchasesOf = (orderId: string) =>
  deps
    .db('purchases')
    .where({ thriveOrderId: orderId })
    .orderBy('programId')
    .select('userId', 'programId', 'status', 'externalProductId');

describe('an order.success purchase event', () => {
  it('creates the buyer without a password and one completed purchase per programme of the order', async () => {
    const job = order({ items: [ritual.item, bump.item] });
    const outcome = await run(job);

    const user = await deps.db('users').where({ email: job.customer!.email }).first();
    expect(user).toMatchObject({ firstName: 'Ann', lastName: 'Lee', password: null });
    expect(outcome).toEqual({
      action: 'provisioned',
      userId: user.id,
      programIds: [ritual.programId, bump.programId],
      newPurchases: 2,
    });
    expect(await purchasesOf(job.orderId)).toEqual(
      [
        { userId: user.id, programId: ritual.programId, status: 'completed', externalProductId: ritual.item },
        { userId: user.id, programId: bump.programId, status: 'completed', externalProductId: bump.item },
      ].sort((a, b) => a.programId - b.programId),
    );
  });

  it('provisions a new order in six round trips to the database, BEGIN and COMMIT included', async () => {
    // Every order of a launch night makes them: the deleted-account check, then one transaction of the
    // items' mapping, the buyer with its purchases, and the unproven-password check.
    const job = order({ items: [ritual.item, bump.item] });
    const { result: outcome, statements } = await statementsDuring(deps.db, () => run(job));

    expect(outcome).toMatchObject({ action: 'provisioned', newPurchases: 2 });
    expect(statements.length).toBeLessThanOrEqual(6);
  });

  it('finds an existing user by e-mail whatever its case, and keeps their name', async () => {
    const email = uniqueEmail('Existing');
    const [existing] = await deps.db('users').insert({ email, firstName: 'Kept' }).returning('id');
    const job = order({ customer: { email: email.toUpperCase(), firstName: 'Other', lastName: 'Name' } });
    await run(job);
    expect(await purchasesOf(job.orderId)).toEqual([expect.objectContaining({ userId: existing.id })]);
    expect(
      await deps.db('users').whereRaw('lower(email) = lower(?)', [email]).select('firstName', 'lastName'),
    ).toEqual([{ firstName: 'Kept', lastName: 'Name' }]);
  });

  it('run five times, it still leaves one purchase and one create-account e-mail job', async () => {
    const job = order();
    const outcomes = [];
    for (let attempt = 0; attempt < 5; attempt += 1) outcomes.push(await run(job));
    expect(outcomes.map((outcome) => outcome.action === 'provisioned' && outcome.newPurchases)).toEqual([
      1, 0, 0, 0, 0,
    ]);
    expect(await purchasesOf(job.orderId)).toHaveLength(1);
    const mailJob = await queues.emails.getJob(orderEmailJobId(job.orderId, [ritual.programId]));
    expect(mailJob?.data).toEqual({
      template: 'create-account',
      userId: expect.any(Number),
      orderId: job.orderId,
      programIds: [ritual.programId],
    });
    expect(await orderMailJobs(job.orderId)).toHaveLength(1);
  });

  it('mails the buyer again for an upsell accepted on the same order, once however often it comes', async () => {
    const job = order();
    await run(job);
    const upsell = { ...job, event: 'upsell.accepted' as const, items: [bump.item], totalCents: 1700 };
    for (let delivery = 0; delivery < 3; delivery += 1) await run(upsell);
    expect((await purchasesOf(job.orderId)).map((row) => row.programId)).toEqual(
      [ritual.programId, bump.programId].sort((a, b) => a - b),
    );
    // Queued again with only its missing item (as a reconciliation does): nothing new to say.
    await run({ ...job, items: [bump.item] });
    const mails = await orderMailJobs(job.orderId);
    expect(mails.map((mail) => mail.programIds)).toEqual(
      expect.arrayContaining([[ritual.programId], [ritual.programId, bump.programId].sort((a, b) => a - b)]),
    );
    expect(mails).toHaveLength(2);
  });

  it("files an upsell under the order's account after the member changed the address, making no new user", async () => {
    const job = order();
    const first = await run(job);
    if (first.action !== 'provisioned') throw new Error('The order was not provisioned');
    const moved = uniqueEmail('moved');
    await deps.db('users').where({ id: first.userId }).update({ email: moved });

    // ThriveCart still names the address typed at checkout.
    const upsell = await run({ ...job, event: 'upsell.accepted', items: [bump.item] });
    expect(upsell).toMatchObject({ action: 'provisioned', userId: first.userId, newPurchases: 1 });
    expect(await deps.db('users').whereRaw('lower(email) = lower(?)', [job.customer!.email])).toEqual([]);
    expect((await purchasesOf(job.orderId)).map((purchase) => purchase.userId)).toEqual([
      first.userId,
      first.userId,
    ]);
  });

  it("files an order that waited on a mapping under the member's new address, once support moved them to it", async () => {
    const checkoutEmail = uniqueEmail('waiting-member');
    const [member] = await deps.db('users').insert({ email: checkoutEmail }).returning('id');
    const memberId = member.id as number;
    const job = order({
      customer: { email: checkoutEmail, firstName: 'Ann', lastName: 'Lee' },
      items: [`product-${Date.now()}`],
    });
    await expect(run(job)).rejects.toBeInstanceOf(UnrecoverableError);
    // Support moves the member to a new address (the back office's address change moves the waiting
    // order's address along), then maps the item and retries the order.
    const moved = uniqueEmail('moved-member');
    await deps.db('users').where({ id: memberId }).update({ email: moved });
    await deps.db('orders_awaiting_mapping').where({ thriveOrderId: job.orderId }).update({ email: moved });
    await deps
      .db('product_program_map')
      .insert({ externalProductId: job.items[0], programId: ritual.programId });

    expect(await run(job)).toMatchObject({ action: 'provisioned', userId: memberId, newPurchases: 1 });
    expect(await deps.db('users').whereRaw('lower(email) = lower(?)', [job.customer!.email])).toEqual([]);
    expect(await deps.db('orders_awaiting_mapping').where({ thriveOrderId: job.orderId })).toEqual([]);
  });

  it('files an order still partly waiting under the new address too, once support moved the member to it', async () => {
    const checkoutEmail = uniqueEmail('partly-waiting');
    const [member] = await deps.db('users').insert({ email: checkoutEmail }).returning('id');
    const items = [`product-${Date.now()}1`, `bump-${Date.now()}2`];
    const job = order({ customer: { email: checkoutEmail, firstName: 'Ann', lastName: 'Lee' }, items });
    await expect(run(job)).rejects.toBeInstanceOf(UnrecoverableError);
    const moved = uniqueEmail('moved-partly');
    await deps.db('users').where({ id: member.id }).update({ email: moved });
    await deps.db('orders_awaiting_mapping').where({ thriveOrderId: job.orderId }).update({ email: moved });
    // Support maps one item only and retries: that item opens the programme for the member.
    await deps.db('product_program_map').insert({ externalProductId: items[0], programId: ritual.programId });

    await expect(run(job)).rejects.toBeInstanceOf(UnrecoverableError);
    expect((await purchasesOf(job.orderId)).map((purchase) => purchase.userId)).toEqual([member.id]);
    expect(await deps.db('users').whereRaw('lower(email) = lower(?)', [checkoutEmail])).toEqual([]);
    // It still waits on the other item, under the member's address.
    expect(
      await deps.db('orders_awaiting_mapping').where({ thriveOrderId: job.orderId }).distinct('email'),
    ).toEqual([{ email: moved }]);
  });

  it('run for the same order concurrently, it still leaves one purchase and one user', async () => {
    const job = order();
    await Promise.all(Array.from({ length: 5 }, () => run(job)));
    expect(await purchasesOf(job.orderId)).toHaveLength(1);
    expect(await deps.db('users').where({ email: job.customer!.email }).count({ n: '*' })).toEqual([
      { n: '1' },
    ]);
  });

  it('gives one purchase when two items of the order open the same programme', async () => {
    const alias = `upsell-${Math.floor(Math.random() * 1e9) + 1}`;
    await deps.db('product_program_map').insert({ externalProductId: alias, programId: ritual.programId });
    const job = order({ items: [ritual.item, alias] });
    await run(job);
    expect(await purchasesOf(job.orderId)).toEqual([
      expect.objectContaining({ programId: ritual.programId, externalProductId: ritual.item }),
    ]);
  });

  it('among concurrent orders, whose checks go together, provisions nothing only for the deleted account', async () => {
    const kept = order();
    const gone = order();
    await deps
      .db('deleted_accounts')
      .insert({ emailHash: `hash-${gone.orderId}`, thriveOrderIds: [gone.orderId] });
    const { result: outcomes, statements } = await statementsDuring(deps.db, () =>
      Promise.all([run(kept), run(gone)]),
    );
    // One check for both orders.
    expect(statements.filter((sql) => sql.includes('deleted_accounts'))).toHaveLength(1);
    expect(outcomes).toEqual([
      expect.objectContaining({ action: 'provisioned' }),
      { action: 'ignored', reason: 'the order belongs to a deleted account' },
    ]);
    expect(await purchasesOf(kept.orderId)).toHaveLength(1);
    expect(await purchasesOf(gone.orderId)).toEqual([]);
    expect(await deps.db('users').where({ email: gone.customer!.email }).first()).toBeUndefined();
  });

  it('processes test orders like any other', async () => {
    const job = order({ test: true });
    await run(job);
    expect(await purchasesOf(job.orderId)).toEqual([expect.objectContaining({ status: 'completed' })]);
  });

  it('when no item of the order is mapped, it fails for good naming the item, and provisions nothing', async () => {
    const job = order({ items: ['product-999999999'] });
    const failure = run(job);
    await expect(failure).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(failure).rejects.toThrow(
      `No programme is mapped to product-999999999 (order ${job.orderId})`,
    );
    expect(await purchasesOf(job.orderId)).toEqual([]);
    expect(await deps.db('users').where({ email: job.customer!.email }).first()).toBeUndefined();
  });

  it('when an item is mapped to a deleted programme, it fails naming the item, as for one never mapped', async () => {
    const gone = await createMappedProgram(deps.db, { kind: 'bump' });
    await deps.db('programs').where({ id: gone.programId }).update({ deletedAt: new Date() });
    const job = order({ items: [ritual.item, gone.item] });
    await expect(run(job)).rejects.toThrow(`No programme is mapped to ${gone.item}`);
    expect(await purchasesOf(job.orderId)).toEqual([
      expect.objectContaining({ programId: ritual.programId, status: 'completed' }),
    ]);
  });

  it('when only some items are mapped, it provisions those and still fails naming the others', async () => {
    const job = order({ items: [ritual.item, 'bump-999999998'] });
    await expect(run(job)).rejects.toThrow('No programme is mapped to bump-999999998');
    expect(await purchasesOf(job.orderId)).toEqual([
      expect.objectContaining({ programId: ritual.programId, status: 'completed' }),
    ]);
  });
});

describe('an order.refund purchase event', () => {
  it("turns every purchase of the order to 'refunded'", async () => {
    const job = order({ items: [ritual.item, bump.item] });
    await run(job);
    const outcome = await run({ ...job, event: 'order.refund', customer: null, items: [] });
    expect(outcome).toEqual({ action: 'refunded', refunded: 2 });
    expect((await purchasesOf(job.orderId)).map((purchase) => purchase.status)).toEqual([
      'refunded',
      'refunded',
    ]);
  });

  it('is not undone when the order.success event of the same order is delivered again', async () => {
    const job = order();
    await run(job);
    await run({ ...job, event: 'order.refund' });
    await run(job);
    expect(await purchasesOf(job.orderId)).toEqual([expect.objectContaining({ status: 'refunded' })]);
  });

  it('when the order has no purchases yet, it fails so that it is retried after the order is provisioned', async () => {
    const job = order();
    await expect(run({ ...job, event: 'order.refund' })).rejects.toThrow(/No purchases recorded for order/);
    await run(job);
    await run({ ...job, event: 'order.refund' });
    expect(await purchasesOf(job.orderId)).toEqual([expect.objectContaining({ status: 'refunded' })]);
  });

  it('of one item takes only the programme that item opens', async () => {
    const job = order({ items: [ritual.item, bump.item] });
    await run(job);
    const outcome = await run({ ...job, event: 'order.refund', refund: { scope: 'item', item: bump.item } });
    expect(outcome).toEqual({ action: 'refunded', refunded: 1 });
    expect(await purchasesOf(job.orderId)).toEqual([
      expect.objectContaining({ programId: ritual.programId, status: 'completed' }),
      expect.objectContaining({ programId: bump.programId, status: 'refunded' }),
    ]);
  });

  it('of one item keeps its programme while another unrefunded item of the order opens it too', async () => {
    const alias = `bump-${Math.floor(Math.random() * 1e9) + 1}`;
    await deps.db('product_program_map').insert({ externalProductId: alias, programId: ritual.programId });
    const job = order({ items: [ritual.item, alias] });
    await run(job);
    expect(await run({ ...job, event: 'order.refund', refund: { scope: 'item', item: alias } })).toEqual({
      action: 'refunded',
      refunded: 0,
    });
    expect(await purchasesOf(job.orderId)).toEqual([expect.objectContaining({ status: 'completed' })]);
    // Once the main product is refunded as well, nothing of the order opens the programme.
    await run({ ...job, event: 'order.refund', refund: { scope: 'item', item: ritual.item } });
    expect(await purchasesOf(job.orderId)).toEqual([expect.objectContaining({ status: 'refunded' })]);
  });

  it("of a bump named only by its kind takes the order's one bump, and again nothing more", async () => {
    const job = order({ items: [ritual.item, bump.item] });
    await run(job);
    const bumpRefund = {
      ...job,
      event: 'order.refund' as const,
      refund: { scope: 'kind' as const, kind: 'bump' as const },
    };
    expect(await run(bumpRefund)).toEqual({ action: 'refunded', refunded: 1 });
    expect(await run(bumpRefund)).toEqual({ action: 'refunded', refunded: 0 });
    expect(await purchasesOf(job.orderId)).toEqual([
      expect.objectContaining({ programId: ritual.programId, status: 'completed' }),
      expect.objectContaining({ programId: bump.programId, status: 'refunded' }),
    ]);
  });

  it("of a kind whose other item opened nothing here (unmapped) takes nothing: not the mapped one's programme", async () => {
    const job = order({ items: [ritual.item, bump.item] });
    await run(job);
    const refund = { scope: 'kind' as const, kind: 'bump' as const };
    const items = [ritual.item, bump.item, 'bump-999999997'];
    expect(await run({ ...job, event: 'order.refund', items, refund })).toEqual({
      action: 'refunded',
      refunded: 0,
    });
    expect((await purchasesOf(job.orderId)).map((purchase) => purchase.status)).toEqual([
      'completed',
      'completed',
    ]);
  });

  it('of a kind the order has several of, or none of, takes nothing', async () => {
    const otherBump = await createMappedProgram(deps.db, { kind: 'bump' });
    const job = order({ items: [ritual.item, bump.item, otherBump.item] });
    await run(job);
    for (const kind of ['bump', 'upsell'] as const) {
      expect(await run({ ...job, event: 'order.refund', refund: { scope: 'kind', kind } })).toEqual({
        action: 'refunded',
        refunded: 0,
      });
    }
    expect((await purchasesOf(job.orderId)).map((purchase) => purchase.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
  });

  it("of a whole order leaves the buyer's other order of the same programme open", async () => {
    const first = order();
    await run(first);
    const second = order({ customer: first.customer });
    await run(second);
    await run({ ...first, event: 'order.refund', refund: { scope: 'order' } });
    const rows = await deps
      .db('purchases')
      .whereIn('thriveOrderId', [first.orderId, second.orderId])
      .orderBy('id')
      .pluck('status');
    expect(rows).toEqual(['refunded', 'completed']);
  });
});
