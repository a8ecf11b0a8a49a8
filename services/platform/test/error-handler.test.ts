import { describe, expect, it } from 'vitest';
import knex from 'knex';
import { z } from 'zod';
import { toErrorResponse } from '../src/http/error-handler.ts';
import { NotFoundError } from '../src/errors.ts';

describe('error mapping', () => {
  it('turns a zod error into 400 with its issues', () => {
    const result = z.object({ email: z.email('Enter a valid email') }).safeParse({ email: 'nope' });
    const { status, body } = toErrorResponse(result.error);
    expect(status).toBe(400);
    expect(body.error).toBe('Enter a valid email');
    expect(body.issues).toEqual([
      { path: ['email'], message: 'Enter a valid email', code: 'invalid_format' },
    ]);
  });

  it('keeps the status and message of typed errors', () => {
    expect(toErrorResponse(new NotFoundError('Program not found'))).toEqual({
      status: 404,
      body: { error: 'Program not found' },
    });
  });

  it('maps a unique violation to 409 and an oversize body to 413', () => {
    expect(toErrorResponse(Object.assign(new Error('dup'), { code: '23505' })).status).toBe(409);
    expect(toErrorResponse(Object.assign(new Error('too large'), { status: 413 }))).toEqual({
      status: 413,
      body: { error: 'The request body is too large.' },
    });
  });

  it('answers an unknown error with 500 and no stack or SQL', () => {
    const error = new Error(
      'select * from users where password = 1 -- at Object.<anonymous> (/src/x.ts:1:1)',
    );
    const { status, body } = toErrorResponse(error);
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toMatch(/select|src\/x\.ts/);
  });

  it('answers 503 when the database or Redis is unreachable', () => {
    expect(
      toErrorResponse(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).status,
    ).toBe(503);
    expect(toErrorResponse(new knex.KnexTimeoutError('Timeout acquiring a connection.')).status).toBe(503);
    expect(toErrorResponse(new Error('Connection is closed.')).status).toBe(503);
  });

  it('answers a body the parser could not read as JSON with 400 and says so', () => {
    const unparsable = Object.assign(new SyntaxError('Expected property name'), { status: 400 });
    expect(toErrorResponse(unparsable)).toEqual({
      status: 400,
      body: { error: 'The request body is not valid JSON.' },
    });
    expect(toErrorResponse(Object.assign(new Error('request aborted'), { status: 400 })).body).toEqual({
      error: 'Invalid request',
    });
  });
});
