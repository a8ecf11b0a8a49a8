// Writes .br and .gz beside every text asset of dist/, which the gateway (koa-send) and nginx
// (gzip_static, brotli_static) serve as they are, so no response is compressed on the fly.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const COMPRESSIBLE = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.svg',
  '.xml',
  '.txt',
  '.json',
  '.webmanifest',
]);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

let count = 0;
for await (const file of files(dist)) {
  const source = await readFile(file);
  const brotli = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  await writeFile(`${file}.br`, brotli);
  await writeFile(`${file}.gz`, gzipSync(source, { level: 9 }));
  count += 1;
}
console.log(
  `precompress: wrote .br and .gz for ${count} files in ${path.relative(process.cwd(), dist) || 'dist'}`,
);
