import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCreateAccountToken } from '@sleep-ritual/auth/tokens/account-links';
import { consumeResetToken } from '@sleep-ritual/auth/tokens/reset-tokens';
import { consumeSignInCode, consumeSignInToken } from '@sleep-ritual/auth/tokens/sign-in-tokens';
import { createTestDeps, statementsDuring, uniqueEmail } from '@sleep-ritual/platform/testing';
import { sendEmailJob } from '../src/domain/emails.processor.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { linkIn, readOutbox, signInCodeIn, waitForMailTo } from '../src/outbox.ts';
import { createMappedProgram } from '../src/testing.ts';
import { startSmtpSink } from '../src/testing-smtp.ts';

const deps = createTestDeps({
  SUPPORT_EMAIL: 'care@sleepritual.example',
  MAIL_FROM: 'Sleep Ritual <hello@sleepritual.example>',
});
let outboxDir: string;
let program: { programId: number; item: string };

beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  program = await createMappedProgram(deps.db, { title: 'The 6-Night Sleep Meditation Ritual' });
});
afterAll(async () => {
  await rm(outboxDir, { recursive: true, force: true });
  await deps.close();
});

const outboxMailer = () => createMailer({ ...deps.config, smtpUrl: undefined, outboxDir }, deps.logger);

async function buyer(options: { password?: string; emailVerified?: boolean; status?: string } = {}) {
  const email = uniqueEmail('mail');
  const [user] = await deps
    .db('users')
    .insert({
      email,
      firstName: 'Maya',
      password: options.password ?? null,
      emailVerified: options.emailVerified ?? false,
    })
    .returning('id');
  const orderId = `M${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  await deps.db('purchases').insert({
    userId: user.id,
    programId: program.programId,
    thriveOrderId: orderId,
    status: options.status ?? 'completed',
  });
  return { userId: user.id as number, email, orderId };
}

/** The e-mail a purchase sends to this buyer, as it lands in the outbox. */
async function orderMail(options: Parameters<typeof buyer>[0] = {}) {
  const { userId, email, orderId } = await buyer(options);
  await sendEmailJob(
    { ...deps, mailer: outboxMailer() },
    { template: 'create-account', userId, orderId },
    deps.logger,
  );
  return { email, orderId, mail: await waitForMailTo(outboxDir, email) };
}

describe('the create-account e-mail', () => {
  it('arrives in the outbox from MAIL_FROM with plain text, HTML, the support address and a working link', async () => {
    const { email, orderId, mail } = await orderMail();
    expect(mail).toMatchObject({
      to: email,
      from: 'Sleep Ritual <hello@sleepritual.example>',
      replyTo: 'care@sleepritual.example',
      subject: 'Your Sleep Ritual is ready: create your account',
    });
    expect(mail.text).toContain('Hi Maya,');
    expect(mail.text).toContain('The 6-Night Sleep Meditation Ritual is waiting for you.');
    expect(mail.text).toContain('care@sleepritual.example');
    expect(mail.html).toContain('care@sleepritual.example');

    const link = linkIn(mail, '/create-account')!;
    expect(link.origin).toBe(deps.config.publicAppUrl);
    expect(link.searchParams.get('order_id')).toBe(orderId);
    expect(verifyCreateAccountToken(deps.config, orderId, email, link.searchParams.get('token')!)).toBe(true);
    expect(mail.html).toContain(link.toString().replace(/&/g, '&amp;'));
  });

  it('says what was bought and where to sign in from then on, under a preheader and the logo', async () => {
    const { mail } = await orderMail();
    expect(mail.text).toContain('What you bought:\nThe 6-Night Sleep Meditation Ritual');
    const signIn = `${deps.config.publicAppUrl}/sign-in`;
    expect(mail.text).toContain(
      `From then on, sign in at ${signIn} with this e-mail address and the password you choose.`,
    );
    expect(linkIn(mail, '/sign-in')?.toString()).toBe(signIn);
    expect(mail.html).toContain(`<a href="${signIn}"`);
    // The preheader: the first thing in the body, hidden, shown by the inbox beside the subject.
    expect(mail.html).toMatch(
      /<body[^>]*>\s*<div style="display:none[^"]*">The 6-Night Sleep Meditation Ritual is ready\. Create your account and press play tonight\./,
    );
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(mail.html).toContain(`<img src="${deps.config.publicAppUrl}/app/icons/icon-192.png"`);
  });

  it('tells a buyer who already has an account that the programme is in it, with a sign-in link', async () => {
    const { mail } = await orderMail({ password: 'already-set-hash', emailVerified: true });
    expect(mail.subject).toBe('New in your Sleep Ritual account');
    expect(mail.text).toContain('What you bought:\nThe 6-Night Sleep Meditation Ritual');
    expect(linkIn(mail, '/sign-in')?.toString()).toBe(`${deps.config.publicAppUrl}/sign-in`);
    expect(linkIn(mail, '/create-account')).toBeUndefined();
  });

  it('sends the create-account link when the password was set without proof of the address', async () => {
    // Someone may have set it through a checkout redirect with this address: its owner takes it back.
    const { email, orderId, mail } = await orderMail({
      password: 'set-by-redirect-hash',
      emailVerified: false,
    });
    expect(mail.subject).toBe('Your Sleep Ritual is ready: create your account');
    const link = linkIn(mail, '/create-account')!;
    expect(verifyCreateAccountToken(deps.config, orderId, email, link.searchParams.get('token')!)).toBe(true);
  });

  it('is not sent when the order was refunded before the e-mail went out', async () => {
    const { userId, email, orderId } = await buyer({ status: 'refunded' });
    const outcome = await sendEmailJob(
      { ...deps, mailer: outboxMailer() },
      { template: 'create-account', userId, orderId },
      deps.logger,
    );
    expect(outcome).toEqual({ skipped: 'the order no longer gives access' });
    expect((await readOutbox(outboxDir)).filter((mail) => mail.to === email)).toEqual([]);
  });

  it('of concurrent orders, whose reads go together, each reaches its own buyer as that order decides', async () => {
    const [newBuyer, member, refunded, deleted] = await Promise.all([
      buyer(),
      buyer({ password: 'already-set-hash', emailVerified: true }),
      buyer({ status: 'refunded' }),
      buyer(),
    ]);
    await deps.db('users').where({ id: deleted.userId }).update({ deletedAt: deps.db.fn.now() });
    const send = (who: { userId: number; orderId: string }) =>
      sendEmailJob(
        { ...deps, mailer: outboxMailer() },
        { template: 'create-account', userId: who.userId, orderId: who.orderId },
        deps.logger,
      ).catch((error: Error) => error);
    // The other buyer's order, for this one: it gives this buyer nothing.
    const crossed = { userId: newBuyer.userId, orderId: member.orderId };
    const { result: outcomes, statements } = await statementsDuring(deps.db, () =>
      Promise.all([newBuyer, member, refunded, deleted, crossed, refunded].map(send)),
    );

    // One read for the six e-mails.
    expect(statements.filter((sql) => sql.includes('with ordinality'))).toHaveLength(1);
    expect(outcomes).toEqual([
      { sent: 'create-account', userId: newBuyer.userId },
      { sent: 'create-account', userId: member.userId },
      { skipped: 'the order no longer gives access' },
      new UnrecoverableError(`User ${deleted.userId} no longer exists`),
      { skipped: 'the order no longer gives access' },
      { skipped: 'the order no longer gives access' },
    ]);
    const subjectsTo = async (email: string) =>
      (await readOutbox(outboxDir)).filter((mail) => mail.to === email).map((mail) => mail.subject);
    expect(await subjectsTo(newBuyer.email)).toEqual(['Your Sleep Ritual is ready: create your account']);
    expect(await subjectsTo(member.email)).toEqual(['New in your Sleep Ritual account']);
    expect(await subjectsTo(refunded.email)).toEqual([]);
    expect(await subjectsTo(deleted.email)).toEqual([]);
  });

  it("support's notice of an item waiting on a mapping is sent, unless the buyer deleted their account since", async () => {
    const notice = (orderId: string) => ({
      template: 'unmapped-item' as const,
      orderId,
      items: ['product-987654'],
      buyerEmail: 'gone@example.com',
    });
    const toSupport = async (orderId: string) =>
      (await readOutbox(outboxDir)).filter(
        (mail) => mail.to === 'care@sleepritual.example' && mail.text.includes(orderId),
      );
    const kept = `U${Date.now()}`;
    const deleted = `${kept}9`;
    await deps.db('deleted_accounts').insert({ emailHash: `hash-${deleted}`, thriveOrderIds: [deleted] });

    const mailer = outboxMailer();
    expect(await sendEmailJob({ ...deps, mailer }, notice(kept), deps.logger)).toEqual({
      sent: 'unmapped-item',
    });
    expect(await toSupport(kept)).toHaveLength(1);
    expect(await sendEmailJob({ ...deps, mailer }, notice(deleted), deps.logger)).toEqual({
      skipped: 'the order belongs to a deleted account',
    });
    expect(await toSupport(deleted)).toEqual([]);
  });

  it('still reaches the outbox when its folder was removed while the worker runs', async () => {
    const mailer = outboxMailer();
    const first = await buyer();
    await sendEmailJob(
      { ...deps, mailer },
      { template: 'create-account', userId: first.userId, orderId: first.orderId },
      deps.logger,
    );
    await rm(outboxDir, { recursive: true, force: true });
    const second = await buyer();
    await sendEmailJob(
      { ...deps, mailer },
      { template: 'create-account', userId: second.userId, orderId: second.orderId },
      deps.logger,
    );
    expect((await readOutbox(outboxDir)).map((mail) => mail.to)).toEqual([second.email]);
  });

  it('fails for good when the user no longer exists', async () => {
    await expect(
      sendEmailJob(
        { ...deps, mailer: outboxMailer() },
        { template: 'create-account', userId: 2_000_000_000, orderId: 'X1' },
        deps.logger,
      ),
    ).rejects.toBeInstanceOf(UnrecoverableError);
  });
});

describe('the password-reset e-mail', () => {
  it('carries a fresh reset link whose token is stored only as a hash and works once', async () => {
    const { userId, email } = await buyer({ password: 'old-hash' });
    await sendEmailJob(
      { ...deps, mailer: outboxMailer() },
      { template: 'password-reset', userId },
      deps.logger,
    );

    const mail = await waitForMailTo(outboxDir, email);
    expect(mail.subject).toBe('Reset your Sleep Ritual password');
    expect(mail.text).toContain('care@sleepritual.example');
    const link = linkIn(mail, '/reset-password')!;
    expect(link.origin).toBe(deps.config.publicAppUrl);
    const token = link.searchParams.get('token')!;
    expect(await deps.db('password_reset_tokens').where({ token }).first()).toBeUndefined();

    const used = await deps.db.transaction((trx) => consumeResetToken(trx, token));
    expect(used).toBe(userId);
  });
});

describe('with SMTP_URL set', () => {
  it('sends the message over SMTP with a plain-text and an HTML part, and writes nothing to the outbox', async () => {
    const sink = await startSmtpSink({ keepMessages: true });
    const smtpOutbox = await mkdtemp(path.join(tmpdir(), 'outbox-smtp-'));
    const mailer = createMailer({ ...deps.config, smtpUrl: sink.url, outboxDir: smtpOutbox }, deps.logger);
    try {
      const { userId, email, orderId } = await buyer();
      await sendEmailJob({ ...deps, mailer }, { template: 'create-account', userId, orderId }, deps.logger);
      expect(sink.messages).toHaveLength(1);
      const raw = sink.messages[0]!.raw.toString('utf8');
      expect(raw).toContain(`To: ${email}`);
      expect(raw).toContain('Subject: Your Sleep Ritual is ready: create your account');
      expect(raw).toMatch(/Content-Type: text\/plain/i);
      expect(raw).toMatch(/Content-Type: text\/html/i);
      expect(await readdir(smtpOutbox)).toEqual([]);
    } finally {
      mailer.close();
      await sink.close();
      await rm(smtpOutbox, { recursive: true, force: true });
    }
  });

  it("fails a message the server refuses with the server's codes, never its words, which name the address", async () => {
    const sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const refusal = Object.assign(new Error(`<${address.address}>: Recipient address rejected`), {
          responseCode: 550,
        });
        callback(refusal);
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const { port } = sink.server.address() as { port: number };
    const mailer = createMailer({ ...deps.config, smtpUrl: `smtp://127.0.0.1:${port}` }, deps.logger);
    try {
      const { userId, email, orderId } = await buyer();
      const failure: Error = await sendEmailJob(
        { ...deps, mailer },
        { template: 'create-account', userId, orderId },
        deps.logger,
      ).then(
        () => new Error('sent'),
        (error: Error) => error,
      );
      expect(failure.message).toMatch(/^The mail server refused the message \(.*550.*\)\.$/);
      expect(`${failure.message}${failure.stack}`).not.toContain(email);
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
  });
});

describe('the sign-in-link e-mail', () => {
  it('carries a fresh sign-in link whose token is stored only as a hash, works once, for 15 minutes', async () => {
    const { userId, email } = await buyer({ password: 'some-hash' });
    await sendEmailJob(
      { ...deps, mailer: outboxMailer() },
      { template: 'sign-in-link', userId },
      deps.logger,
    );

    const mail = await waitForMailTo(outboxDir, email);
    expect(mail.subject).toBe('Your Sleep Ritual sign-in link');
    expect(mail.text).toContain('The link and the code work once, for the next 15 minutes.');
    const link = linkIn(mail, '/sign-in')!;
    expect(link.origin).toBe(deps.config.publicAppUrl);
    const token = link.searchParams.get('token')!;
    expect(await deps.db('sign_in_tokens').where({ token }).first()).toBeUndefined();
    const stored = await deps.db('sign_in_tokens').where({ userId }).first('expiresAt');
    const minutesLeft = (new Date(stored.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);

    expect(await consumeSignInToken(deps.db, token)).toBe(userId);
    expect(await consumeSignInToken(deps.db, token)).toBeUndefined();
  });

  it('carries a 6-digit code, stored only as a keyed hash, whose use spends the link too', async () => {
    const { userId, email } = await buyer({ password: 'some-hash' });
    await sendEmailJob(
      { ...deps, mailer: outboxMailer() },
      { template: 'sign-in-link', userId },
      deps.logger,
    );
    const mail = await waitForMailTo(outboxDir, email);
    const code = signInCodeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await deps.db('sign_in_tokens').where({ userId }).first('codeHash');
    expect(stored.codeHash).not.toContain(code);
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await consumeSignInCode(deps.db, deps.config, userId, code!)).toBe(true);
    expect(
      await consumeSignInToken(deps.db, linkIn(mail, '/sign-in')!.searchParams.get('token')!),
    ).toBeUndefined();
  });
});
