// `node scripts/precompress.mjs <dist>`: writes .br and .gz beside every text file of a build, which the
// gateway (koa-send) and nginx (brotli_static, gzip_static) serve as they are, so no static response is
// compressed on the fly. Both static builds (marketing, members-app) run it after bundling.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const [target] = process.argv.slice(2);
if (!target) {
  console.error('usage: node scripts/precompress.mjs <build directory>');
  process.exit(64);
}
const dist = path.resolve(target);
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
  `precompress: wrote .br and .gz for ${count} files in ${path.relative(process.cwd(), dist) || '.'}`,
);
