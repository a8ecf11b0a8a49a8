import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';

// The repository's own lint setup (eslint.config.js), run on source text placed where it would live. The
// type-aware rules need the file on disk, so they are left out here; the border rules are not type-aware.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

/** The messages of the import-border rules for `source` placed at `file`. */
async function borderMessages(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: `${repoRoot}/${file}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('lint keeps the borders between workspaces', () => {
  it("fails a service's file that reaches into another deployable's source folders", async () => {
    const messages = await borderMessages(
      'services/catalog/src/data/reach-in.ts',
      "import { createApp } from '../../../auth/src/app.ts';",
    );
    expect(messages).toEqual([expect.stringContaining("Another workspace's folders are its own")]);
    expect(
      await borderMessages(
        'services/catalog/src/data/reach-in.ts',
        "import x from '../../../../services/progress/src/app.ts';",
      ),
    ).toHaveLength(1);
  });

  it('fails a service that imports the worker or another service’s app', async () => {
    for (const source of [
      "import { startConsumers } from '@sleep-ritual/worker/consumers';",
      "import { createApp } from '@sleep-ritual/catalog/app';",
    ]) {
      expect(await borderMessages('services/webhooks/src/domain/offending.ts', source), source).toEqual([
        expect.stringContaining('A service never imports the worker or another service'),
      ]);
    }
  });

  it('fails platform importing a product rule, and a domain module importing the HTTP layer', async () => {
    expect(
      await borderMessages(
        'services/platform/src/offending.ts',
        "import { x } from '@sleep-ritual/catalog/app';",
      ),
    ).not.toEqual([]);
    expect(
      await borderMessages(
        'services/platform/src/offending.ts',
        "import { x } from '@sleep-ritual/learning/purchase-access';",
      ),
    ).toEqual([expect.stringContaining('Platform is infrastructure')]);
    expect(
      await borderMessages(
        'services/progress/src/domain/offending.ts',
        "import { router } from '../http/progress-routes.ts';",
      ),
    ).toEqual([expect.stringContaining('The domain never imports the HTTP layer')]);
  });

  it('keeps calls one way, http → domain → data: an HTTP module never imports data, a data module neither the domain nor HTTP', async () => {
    expect(
      await borderMessages(
        'services/catalog/src/http/offending.ts',
        "import { insertAuditRow } from '../back-office/data/admin-audit-log.ts';",
      ),
    ).toEqual([expect.stringContaining('The HTTP layer calls the domain, which calls data')]);
    for (const source of [
      "import { listAuditLog } from '../domain/admin-audit.ts';",
      "import { adminRouter } from '../../http/admin-router.ts';",
      "import { requireAdmin } from '@sleep-ritual/platform/http/guards';",
    ]) {
      expect(
        await borderMessages('services/catalog/src/back-office/data/offending.ts', source),
        source,
      ).toEqual([expect.stringContaining('Data modules are queries returning plain rows')]);
    }
    expect(
      await borderMessages(
        'services/catalog/src/http/allowed.ts',
        "import { listAuditLog } from '../back-office/domain/admin-audit.ts';",
      ),
    ).toEqual([]);
    expect(
      await borderMessages(
        'services/progress/src/data/allowed.ts',
        "import { createBatcher } from '@sleep-ritual/platform/batcher';",
      ),
    ).toEqual([]);
  });

  it('fails a members-app feature importing another feature, and lets it use the shared plumbing', async () => {
    const file = 'members-app/src/features/admin-orders/components/Offending.tsx';
    expect(
      await borderMessages(file, "import { getMembers } from '../../admin-members/api/get-members.ts';"),
    ).toEqual([expect.stringContaining('Features never import each other')]);
    expect(await borderMessages(file, "import { api } from '../../../lib/api-client.ts';")).toEqual([]);
  });

  it('lets the same files import what the borders allow', async () => {
    const allowed = [
      "import { loadConfig } from '@sleep-ritual/platform/config';",
      "import { progressSchema } from '@sleep-ritual/contracts/progress';",
      "import { findRows } from '../data/progress-queries.ts';",
    ].join('\n');
    expect(await borderMessages('services/progress/src/domain/allowed.ts', allowed)).toEqual([]);
    // Tests start the real worker beside the service they test.
    expect(
      await borderMessages(
        'services/webhooks/test/allowed.test.ts',
        "import { startConsumers } from '@sleep-ritual/worker/consumers';",
      ),
    ).toEqual([]);
  });
});
