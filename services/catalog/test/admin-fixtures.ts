import { afterAll, beforeAll } from 'vitest';
import type { AdminClass, AdminPath, AdminPhase, AdminProgram } from '@sleep-ritual/contracts/admin';
import { clientWithSession, createClient, createTestDeps, listen } from '@sleep-ritual/platform/testing';
import { createApp } from '../src/app.ts';

type Client = ReturnType<typeof createClient>;

/** One app, one admin client and one anonymous client per test file, on the real databases. */
export function adminTestbed() {
  const deps = createTestDeps();
  const bed = {
    deps,
    url: '',
    admin: undefined as unknown as Client,
    anonymous: undefined as unknown as Client,
  };
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen(createApp(deps));
    bed.url = server.url;
    bed.admin = await clientWithSession(server.url, deps, { isAdmin: true });
    bed.anonymous = createClient(server.url);
  });
  afterAll(async () => {
    await server.close();
    await deps.close();
  });
  return bed;
}

let counter = 0;
/** A title no other test uses. */
export function uniqueTitle(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}-${process.pid}-${counter}`;
}

/** Sends a JSON call and returns the status and the parsed body. */
export async function call<T = any>(client: Client, method: string, path: string, json?: unknown) {
  const response = await client.request(path, { method, ...(json === undefined ? {} : { json }) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Creates through the admin API, failing the test loudly when the call is refused. */
async function created<T>(admin: Client, path: string, json: Record<string, unknown>): Promise<T> {
  const { status, body } = await call<T>(admin, 'POST', path, json);
  if (status !== 201) throw new Error(`POST ${path} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

export const createProgram = (admin: Client, fields: Record<string, unknown> = {}) =>
  created<AdminProgram>(admin, '/api/admin/programs', { title: uniqueTitle('Programme'), ...fields });

/** With the body the spec's phase form sends. */
export const createPhase = (admin: Client, programId: number, fields: Record<string, unknown> = {}) =>
  created<AdminPhase>(admin, `/api/admin/programs/${programId}/phases`, {
    programId,
    title: uniqueTitle('Phase'),
    label: null,
    description: null,
    orderIndex: 0,
    ...fields,
  });

export const createPath = (admin: Client, phaseId: number, fields: Record<string, unknown> = {}) =>
  created<AdminPath>(admin, `/api/admin/phases/${phaseId}/paths`, { title: uniqueTitle('Path'), ...fields });

export const createClass = (admin: Client, pathId: number, fields: Record<string, unknown> = {}) =>
  created<AdminClass>(admin, `/api/admin/paths/${pathId}/classes`, {
    title: uniqueTitle('Class'),
    ...fields,
  });

/** A programme with one phase, one path and the given number of classes. */
export async function createTree(admin: Client, classCount = 2) {
  const program = await createProgram(admin);
  const phase = await createPhase(admin, program.id);
  const path = await createPath(admin, phase.id);
  const classes: AdminClass[] = [];
  for (let index = 0; index < classCount; index += 1) {
    classes.push(await createClass(admin, path.id, { orderIndex: index }));
  }
  return { program, phase, path, classes };
}

/** The 400 answer's messages, for asserting the words a form would show. */
export function messages(body: { error: string; issues?: { message: string }[] }): string[] {
  return body.issues?.map((issue) => issue.message) ?? [body.error];
}
