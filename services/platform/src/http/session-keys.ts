import { createHmac, timingSafeEqual } from 'node:crypto';

/** Cookie values whose signature was already checked; past this many, the oldest are forgotten. */
const VERIFIED_LIMIT = 10_000;

/**
 * Signs and checks cookies exactly like keygrip (HMAC-SHA1, base64url without padding, the first key
 * signs, any key verifies), which the `cookies` module accepts in place of a key list. Keygrip compares
 * through tsscmp, three HMACs and fresh random bytes per check; this compares with timingSafeEqual and
 * remembers the signature of each cookie value it has verified, so a session cookie that comes back on
 * every request costs one HMAC the first time only.
 */
export class SessionKeys {
  readonly #keys: readonly string[];
  readonly #first: string;
  readonly #verified = new Map<string, { signature: Buffer; index: number }>();

  constructor(keys: readonly string[]) {
    const [first] = keys;
    if (first === undefined) throw new Error('Keys must be provided.');
    this.#first = first;
    this.#keys = keys;
  }

  sign(data: string): string {
    return signWith(this.#first, data);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** The index of the key that signed `data` as `digest`, or -1. */
  index(data: string, digest: string): number {
    const given = Buffer.from(digest);
    const known = this.#verified.get(data);
    if (known) return sameBytes(given, known.signature) ? known.index : -1;
    for (const [index, key] of this.#keys.entries()) {
      const signature = Buffer.from(signWith(key, data));
      if (sameBytes(given, signature)) {
        this.#remember(data, { signature, index });
        return index;
      }
    }
    return -1;
  }

  #remember(data: string, entry: { signature: Buffer; index: number }): void {
    if (this.#verified.size >= VERIFIED_LIMIT) {
      const oldest = this.#verified.keys().next();
      if (!oldest.done) this.#verified.delete(oldest.value);
    }
    this.#verified.set(data, entry);
  }
}

function signWith(key: string, data: string): string {
  return createHmac('sha1', key).update(data).digest('base64url');
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
