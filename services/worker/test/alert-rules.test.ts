import { spawnSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@sleep-ritual/platform/paths';
import { createTestDeps, eventually, uniqueEmail } from '@sleep-ritual/platform/testing';
import { parseMetrics, samplesOf, type Sample } from '@sleep-ritual/platform/testing-metrics';
import { startConsumers } from '../src/consumers.ts';
import { enqueuePurchase } from '@sleep-ritual/jobs/purchases';
import { openTestQueues, uniqueQueuePrefix } from '../src/testing.ts';

// The alert rules (infra/prometheus/alerts.yml) checked and unit-tested offline by Debian's promtool
// (package `prometheus`, installed by .ci/run), and PurchaseJobFailed fired from the very series a
// worker serves after a purchase job failed for good.

const rulesDir = path.join(repoRoot, 'infra', 'prometheus');
const rulesFile = path.join(rulesDir, 'alerts.yml');

function promtool(...args: string[]) {
  const result = spawnSync('promtool', args, { cwd: rulesDir, encoding: 'utf8' });
  if (result.error)
    throw new Error(`promtool is not installed (apt-get install prometheus): ${result.error.message}`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the alert rules', () => {
  it('pass promtool check rules', () => {
    const { status, output } = promtool('check', 'rules', 'alerts.yml');
    expect(output).toContain('SUCCESS: 5 rules found');
    expect(status).toBe(0);
  });

  it("pass promtool's unit tests of every rule (alerts.test.yml)", () => {
    const { status, output } = promtool('test', 'rules', 'alerts.test.yml');
    expect(output, output).toContain('SUCCESS');
    expect(status).toBe(0);
  });
});

describe('PurchaseJobFailed, from what a worker serves', () => {
  const outboxDir = path.join(tmpdir(), `alert-rules-outbox-${randomUUID()}`);
  const deps = createTestDeps({ QUEUE_PREFIX: uniqueQueuePrefix('alert-rules'), OUTBOX_DIR: outboxDir });
  const registry = new Registry();
  let consumers: ReturnType<typeof startConsumers>;
  let queues: Awaited<ReturnType<typeof openTestQueues>>;
  let testDir: string;

  beforeAll(async () => {
    queues = await openTestQueues(deps.config, deps.config.queuePrefix);
    consumers = startConsumers(deps, { registry });
    testDir = await mkdtemp(path.join(tmpdir(), 'alert-rules-'));
  });
  afterAll(async () => {
    await consumers.close();
    await queues.dispose();
    await deps.close();
    await rm(outboxDir, { recursive: true, force: true });
    if (testDir) await rm(testDir, { recursive: true, force: true });
  });

  /** The purchase series of one scrape, as Prometheus would label them when scraping the worker. */
  const purchaseSeries = async (): Promise<Sample[]> => {
    const samples = parseMetrics(await registry.metrics());
    return [
      ...samplesOf(samples, 'queue_jobs_failed_total', { queue: 'purchases' }),
      ...samplesOf(samples, 'queue_jobs', { queue: 'purchases', state: 'failed' }),
    ];
  };

  /** A promtool unit test: the series as scraped before, then (from the 3rd minute) after. */
  async function runAlertTest(before: Sample[], after: Sample[], expected: object[]) {
    const key = (sample: Sample) => JSON.stringify([sample.name, sample.labels]);
    const series = [...new Map([...before, ...after].map((sample) => [key(sample), sample])).values()];
    const valueAt = (samples: Sample[], sample: Sample) =>
      samples.find((other) => key(other) === key(sample))?.value ?? 0;
    const file = path.join(testDir, `purchase-${randomUUID()}.test.yml`);
    const labels = (sample: Sample) =>
      Object.entries({ ...sample.labels, job: 'worker', instance: 'worker:4105' })
        .map(([name, value]) => `${name}="${value}"`)
        .join(', ');
    const test = {
      rule_files: [rulesFile],
      evaluation_interval: '1m',
      tests: [
        {
          interval: '1m',
          input_series: series.map((sample) => ({
            series: `${sample.name}{${labels(sample)}}`,
            values: [0, 1, 2, 3, 4, 5]
              .map((minute) => valueAt(minute < 3 ? before : after, sample))
              .join(' '),
          })),
          alert_rule_test: [{ eval_time: '5m', alertname: 'PurchaseJobFailed', exp_alerts: expected }],
        },
      ],
    };
    // JSON is YAML: promtool reads it as it is.
    await writeFile(file, JSON.stringify(test, null, 2));
    return promtool('test', 'rules', file);
  }

  it('fires once a purchase job has failed for good, and not before', async () => {
    const before = await purchaseSeries();
    expect(before.find((sample) => sample.name === 'queue_jobs_failed_total')?.value).toBe(0);

    const unmapped = `bump-${randomInt(100_000_000, 2_000_000_000)}`;
    const jobId = await enqueuePurchase(queues.purchases, {
      event: 'order.success',
      orderId: `AR${Date.now()}${randomInt(1_000_000)}`,
      invoiceId: null,
      test: false,
      customer: { email: uniqueEmail('alert'), firstName: 'Maya', lastName: null },
      items: [unmapped],
      totalCents: 4700,
    });
    await eventually(async () => (await queues.purchases.getJobState(jobId)) === 'failed');
    const after = await eventually(async () => {
      const now = await purchaseSeries();
      return now.some((sample) => sample.name === 'queue_jobs_failed_total' && sample.value === 1)
        ? now
        : undefined;
    });

    const fired = await runAlertTest(before, after, [
      {
        exp_labels: { severity: 'page', queue: 'purchases' },
        exp_annotations: {
          summary: 'A purchase job failed for good: a paid order is not provisioned.',
          runbook: 'docs/operations.md#purchasejobfailed',
        },
      },
    ]);
    expect(fired.output, fired.output).toContain('SUCCESS');
    expect(fired.status).toBe(0);

    const quiet = await runAlertTest(before, before, []);
    expect(quiet.output, quiet.output).toContain('SUCCESS');
    expect(quiet.status).toBe(0);
  });
});
