// Checks that every relative link of the Markdown pages (README.md, CONTRIBUTING.md, docs/, and each
// workspace's README) points at a file or folder that exists, and that a link's #anchor names a heading
// of the page it points at.
//
//   node scripts/docs-links.ts   exit 1, naming each broken link, when one does not resolve
//
// Plain erasable TypeScript, run by Node itself.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '@sleep-ritual/platform/paths';

const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'var',
  '.git',
  '.turbo',
  '.astro',
  'test-results',
  'playwright-report',
  'coverage',
]);

/** The Markdown pages of the repository, relative to its root. */
export function markdownPages(root: string = repoRoot): string[] {
  const pages: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(child);
      } else if (entry.name.endsWith('.md')) {
        pages.push(child);
      }
    }
  };
  walk('');
  return pages.sort();
}

/** GitHub's anchor for a heading: lower case, punctuation but `_` and `-` dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*)$/.exec(line);
    if (heading && heading[1]) anchors.add(headingAnchor(heading[1]));
  }
  return anchors;
}

/** The link targets of a page, leaving out fenced code and inline code. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1] ?? '');
}

/** Every broken relative link of the pages, as `page: target (reason)`. */
export function findBrokenLinks(pages: string[], root: string = repoRoot): string[] {
  const broken: string[] = [];
  for (const page of pages) {
    const markdown = readFileSync(path.join(root, page), 'utf8');
    for (const target of linkTargets(markdown)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const [file = '', anchor] = target.split('#');
      const resolved = file ? path.join(root, path.dirname(page), decodeURI(file)) : path.join(root, page);
      if (!existsSync(resolved)) {
        broken.push(`${page}: ${target} (no such file)`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && statSync(resolved).isFile()) {
        if (!anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) {
          broken.push(`${page}: ${target} (no such heading)`);
        }
      }
    }
  }
  return broken;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const broken = findBrokenLinks(markdownPages());
  for (const line of broken) console.error(line);
  if (broken.length > 0) process.exit(1);
}
