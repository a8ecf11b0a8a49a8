import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Reads the e-mails the worker wrote to its outbox folder (when SMTP_URL is not set), for tests and
 * browser tests: `await waitForMailTo(outboxDir, email)`, then `linkIn(mail, '/create-account')`.
 */

export type OutboxMail = {
  file: string;
  to: string;
  from: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  sentAt: string;
  /** Extra headers of the message, such as List-Unsubscribe. */
  headers?: Record<string, string>;
};

/** Every message in the folder, oldest first; an absent folder is an empty outbox. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      return { ...(JSON.parse(await readFile(file, 'utf8')) as Omit<OutboxMail, 'file'>), file };
    }),
  );
}

/** Messages to one address (any case), oldest first. */
export async function mailsTo(dir: string, email: string): Promise<OutboxMail[]> {
  const wanted = email.trim().toLowerCase();
  return (await readOutbox(dir)).filter((mail) => mail.to.toLowerCase() === wanted);
}

/**
 * The newest message to the address that matches, waiting for it up to `timeoutMs`.
 * @internal For tests and the browser suite.
 */
export async function waitForMailTo(
  dir: string,
  email: string,
  options: { timeoutMs?: number; matching?: (mail: OutboxMail) => boolean } = {},
): Promise<OutboxMail> {
  const { timeoutMs = 10_000, matching = () => true } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(dir, email)).filter(matching).at(-1);
    if (mail) return mail;
    if (Date.now() > deadline)
      throw new Error(`No e-mail to ${email} arrived in ${dir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The first link in the plain-text part whose path starts with `pathname` ("/create-account").
 * @internal For tests and the browser suite.
 */
export function linkIn(mail: Pick<OutboxMail, 'text'>, pathname: string): URL | undefined {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathname)) return url;
  }
  return undefined;
}

/**
 * The 6-digit sign-in code of a sign-in e-mail, if it carries one.
 * @internal For tests and the browser suite.
 */
export function signInCodeIn(mail: Pick<OutboxMail, 'text'>): string | undefined {
  return /6-digit code in the app:\n(\d{6})/.exec(mail.text)?.[1];
}
