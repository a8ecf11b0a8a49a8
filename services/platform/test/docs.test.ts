import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configSchema } from '../src/config.ts';
import { repoRoot } from '../src/paths.ts';
import {
  checkConfigurationPage,
  configurationPage,
  renderConfigurationPage,
} from '../../../scripts/docs-config.ts';
import { findBrokenLinks, headingAnchor, markdownPages } from '../../../scripts/docs-links.ts';

const committedPage = readFileSync(path.join(repoRoot, configurationPage), 'utf8');

/** README.md and every page under docs/, as one text: where each script and variable must be named. */
function documentation(): string {
  return markdownPages()
    .filter((page) => page === 'README.md' || page.startsWith('docs/'))
    .map((page) => readFileSync(path.join(repoRoot, page), 'utf8'))
    .join('\n');
}

describe('docs/configuration.md', () => {
  it('is what npm run docs:config renders from the config schema', () => {
    expect(checkConfigurationPage(committedPage, renderConfigurationPage())).toBeNull();
  });

  it.each(Object.keys(configSchema.shape))('has a row for %s', (name) => {
    expect(committedPage).toContain(`| \`${name}\` |`);
  });

  it('is reported stale, naming the command that fixes it, when a variable is added to the schema', () => {
    const grown = configSchema.extend({
      SALE_ENDS_AT: z.iso.datetime().optional().describe('When the launch sale ends.'),
    });
    const rendered = renderConfigurationPage(grown);

    expect(rendered).toContain('| `SALE_ENDS_AT` | When the launch sale ends. | text | unset |');
    expect(checkConfigurationPage(committedPage, rendered)).toBe(
      'docs/configuration.md differs from the config schema: run npm run docs:config',
    );
  });

  it('refuses to render a variable that has no description', () => {
    const undescribed = configSchema.extend({ SALE_ENDS_AT: z.string().optional() });

    expect(() => renderConfigurationPage(undescribed)).toThrow(
      "SALE_ENDS_AT has no description: add .describe('…') to it in the config schema",
    );
  });
});

describe('the documentation', () => {
  it('has no relative link to a missing file or heading', () => {
    expect(findBrokenLinks(markdownPages())).toEqual([]);
  });

  it('reports a link to a missing page and one to a missing heading', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'docs-links-'));
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs', 'a.md'), '# A page\n\n## Backups and restores\n');
    writeFileSync(
      path.join(root, 'README.md'),
      [
        '[fine](docs/a.md#backups-and-restores) [gone](docs/missing.md) [no heading](docs/a.md#metrics)',
        '[outside](https://example.com/x.md) `[code](docs/nowhere.md)`',
      ].join('\n'),
    );

    expect(findBrokenLinks(markdownPages(root), root)).toEqual([
      'README.md: docs/missing.md (no such file)',
      'README.md: docs/a.md#metrics (no such heading)',
    ]);
  });

  it("makes GitHub's anchors from headings", () => {
    expect(headingAnchor('The PostgreSQL-only mode: what it costs')).toBe(
      'the-postgresql-only-mode-what-it-costs',
    );
    expect(headingAnchor('`PAYMENT_GRACE_DAYS` and plans')).toBe('payment_grace_days-and-plans');
  });

  it('README.md stays a front door of at most 10 KB', () => {
    expect(readFileSync(path.join(repoRoot, 'README.md')).byteLength).toBeLessThanOrEqual(10 * 1024);
  });

  const packageJson = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  it.each(Object.keys(packageJson.scripts))('names the npm script %s', (script) => {
    const named = ['start', 'test'].includes(script) ? `npm ${script}` : `npm run ${script}`;
    expect(documentation()).toContain(named);
  });
});
