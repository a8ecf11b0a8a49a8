import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'koa';
import send from 'koa-send';

const HASHED_ASSET = /(^|\/)(_astro|assets)\//;

/**
 * Serves a file below `root` (precompressed .br/.gz beside it when the browser takes them). `headers`
 * are added to the file's answer and win over the defaults (Cache-Control).
 */
export async function sendFile(
  ctx: Context,
  root: string,
  relative: string,
  headers: Record<string, string> = {},
): Promise<boolean> {
  try {
    const served = await send(ctx, relative, {
      root,
      index: 'index.html',
      brotli: true,
      gzip: true,
      hidden: false,
      immutable: HASHED_ASSET.test(relative),
      maxage: HASHED_ASSET.test(relative) ? 31_536_000_000 : 0,
      // `file` is what is sent: index.html.br for a browser that takes brotli.
      setHeaders: (res, file) => {
        if (/\.html(\.br|\.gz)?$/.test(file)) res.setHeader('Cache-Control', 'no-cache');
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      },
    });
    return Boolean(served);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400 || status === 403) return false;
    throw error;
  }
}

export async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

const hashesByFile = new Map<string, { mtimeMs: number; hashes: string[] }>();

/** sha256 sources of the inline <script> blocks of a built page, for its Content-Security-Policy. */
export async function inlineScriptHashes(file: string): Promise<string[]> {
  const { mtimeMs } = await stat(file);
  const cached = hashesByFile.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.hashes;
  const html = await readFile(file, 'utf8');
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .filter((match) => !/type=["']?application\/(ld\+)?json/i.test(match[0]))
    .map(
      (match) =>
        `sha256-${createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64')}`,
    );
  const unique = [...new Set(hashes)];
  hashesByFile.set(file, { mtimeMs, hashes: unique });
  return unique;
}

/** The page file a marketing path names: /terms → terms/index.html or terms.html. */
export async function marketingPage(root: string, urlPath: string): Promise<string | undefined> {
  const clean = path.posix.normalize(decodeURIComponent(urlPath)).replace(/^\/+/, '');
  if (clean.startsWith('..')) return undefined;
  const candidates = clean === '' ? ['index.html'] : [clean, `${clean}/index.html`, `${clean}.html`];
  for (const candidate of candidates) {
    if (await isFile(path.join(root, candidate))) return candidate;
  }
  return undefined;
}
