// Runs before `npm start` and `npm test`, on whatever Node the shell has: plain JavaScript that any Node
// parses, so an older Node stops here with one line instead of failing on the TypeScript it cannot run.
import { readFileSync } from 'node:fs';

const wanted = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const [major, minor, patch] = process.versions.node.split('.').map(Number);

/** `^24.15.0` (same major, at least that version) or `>=26` (that version or newer). */
function satisfies(range) {
  const caret = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (caret) {
    const [, wantedMajor, wantedMinor, wantedPatch] = caret.map(Number);
    return major === wantedMajor && (minor > wantedMinor || (minor === wantedMinor && patch >= wantedPatch));
  }
  const atLeast = /^>=(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range);
  if (atLeast) {
    const floor = [Number(atLeast[1]), Number(atLeast[2] ?? 0), Number(atLeast[3] ?? 0)];
    const own = [major, minor, patch];
    const first = own.findIndex((part, index) => part !== floor[index]);
    return first === -1 || own[first] > floor[first];
  }
  throw new Error(`scripts/check-node.mjs cannot read the engines range "${range}"`);
}

if (!wanted.split('||').some((range) => satisfies(range.trim()))) {
  process.stderr.write(
    `sleep-ritual needs Node ${wanted} (this is Node ${process.version}); see docs/development.md, "Node 24".\n`,
  );
  process.exit(1);
}
