import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { repoRoot } from '../src/paths.ts';

const secrets = {
  SESSION_KEYS: 'k1,k2',
  ADMIN_PASSWORD: 'admin-pass',
  THRIVECART_SECRET: 'secret',
  ACCOUNT_HASH_SECRET: 'hash',
};

describe('configuration', () => {
  it('when DATABASE_URL is not a postgres URL, it stops with one line naming it', () => {
    expect(() => loadConfig({ ...secrets, DATABASE_URL: 'mysql://localhost/x' })).toThrowError(
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL naming a database$/,
    );
  });

  it('reads a relative OUTBOX_DIR and BACKUP_DIR from the repository root, not the folder a process runs in', () => {
    const config = loadConfig({ ...secrets, OUTBOX_DIR: 'var/my-outbox', BACKUP_DIR: './var/my-backups' });
    expect(config.outboxDir).toBe(path.join(repoRoot, 'var', 'my-outbox'));
    expect(config.backupDir).toBe(path.join(repoRoot, 'var', 'my-backups'));
    expect(loadConfig({ ...secrets, OUTBOX_DIR: '/tmp/outbox' }).outboxDir).toBe('/tmp/outbox');
    expect(loadConfig({ ...secrets }).outboxDir).toBe(path.join(repoRoot, 'var', 'outbox'));
  });

  it('when MAIL_FROM holds no address, it names the variable', () => {
    expect(() => loadConfig({ ...secrets, MAIL_FROM: 'Sleep Ritual' })).toThrowError(
      /^Invalid configuration: MAIL_FROM /,
    );
    expect(loadConfig({ ...secrets, MAIL_FROM: 'Sleep Ritual <hello@sleep-ritual.test>' }).mailFrom).toBe(
      'Sleep Ritual <hello@sleep-ritual.test>',
    );
  });

  it('when a port is not a number, it names the variable', () => {
    expect(() => loadConfig({ ...secrets, PORT: 'eighty' })).toThrowError(/^Invalid configuration: PORT /);
  });

  it('runs on Redis by default, and on PostgreSQL alone with REDIS_URL=none', () => {
    expect(loadConfig({ ...secrets }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ ...secrets, REDIS_URL: 'none' }).redisUrl).toBeNull();
  });

  it('names every invalid variable at once, one line each', () => {
    expect(() =>
      loadConfig({ ...secrets, PORT: 'eighty', REDIS_URL: 'http://localhost', LOG_LEVEL: 'chatty' }),
    ).toThrowError(
      /^Invalid configuration: LOG_LEVEL .+\nInvalid configuration: PORT .+\nInvalid configuration: REDIS_URL must be a redis:\/\/ URL, or none \(PostgreSQL only\)$/,
    );
  });

  it('in production, a missing secret is reported with the other invalid variables', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_KEYS: 'k', PORT: '0' })).toThrowError(
      /^Invalid configuration: PORT .+\nInvalid configuration: ADMIN_PASSWORD, THRIVECART_SECRET, ACCOUNT_HASH_SECRET must be set in production$/,
    );
  });

  it('in production, a missing secret stops start-up instead of getting a default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_KEYS: 'k', ADMIN_PASSWORD: '' })).toThrowError(
      'Invalid configuration: ADMIN_PASSWORD, THRIVECART_SECRET, ACCOUNT_HASH_SECRET must be set in production',
    );
  });

  it('applies the development defaults and splits session keys', () => {
    const config = loadConfig({ ...secrets });
    expect(config.port).toBe(8080);
    expect(config.sessionKeys).toEqual(['k1', 'k2']);
    expect(config.publicAppUrl).toBe('http://localhost:8080');
    expect(config.acceptTestOrders).toBe(true);
    expect(config.secureCookies).toBe(false);
  });

  it('runs one process of each service unless REPLICAS says more; replica k listens 5 × k ports above', () => {
    expect(loadConfig({ ...secrets }).replicaPorts.catalog).toEqual([4102]);
    const config = loadConfig({ ...secrets, REPLICAS: '3', AUTH_PORT: '5001', WORKER_PORT: '5005' });
    expect(config.replicas).toBe(3);
    expect(config.replicaPorts.auth).toEqual([5001, 5006, 5011]);
    expect(config.replicaPorts.worker).toEqual([5005, 5010, 5015]);
    expect(() => loadConfig({ ...secrets, REPLICAS: '0' })).toThrowError(/^Invalid configuration: REPLICAS /);
  });

  it('keeps access for 7 days after a failed instalment unless PAYMENT_GRACE_DAYS says otherwise', () => {
    expect(loadConfig({ ...secrets }).paymentGraceDays).toBe(7);
    expect(loadConfig({ ...secrets, NODE_ENV: 'production' }).paymentGraceDays).toBe(7);
    // Compose passes an unset variable as empty (`${PAYMENT_GRACE_DAYS:-}`): still the default, not 0.
    expect(loadConfig({ ...secrets, PAYMENT_GRACE_DAYS: '' }).paymentGraceDays).toBe(7);
    expect(loadConfig({ ...secrets, PAYMENT_GRACE_DAYS: '0' }).paymentGraceDays).toBe(0);
    expect(loadConfig({ ...secrets, PAYMENT_GRACE_DAYS: '14' }).paymentGraceDays).toBe(14);
    expect(() => loadConfig({ ...secrets, PAYMENT_GRACE_DAYS: '-1' })).toThrowError(
      /^Invalid configuration: PAYMENT_GRACE_DAYS /,
    );
  });

  it('marks cookies secure when the app is served over https', () => {
    const config = loadConfig({
      ...secrets,
      NODE_ENV: 'production',
      PUBLIC_APP_URL: 'https://app.example.com/',
    });
    expect(config.secureCookies).toBe(true);
    expect(config.publicAppUrl).toBe('https://app.example.com');
    expect(config.acceptTestOrders).toBe(false);
  });
});
