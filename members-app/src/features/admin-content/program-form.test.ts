import { describe, expect, it } from 'vitest';
import { createProgramSchema, updateProgramSchema } from '@sleep-ritual/contracts/admin';
import { validate } from '../../lib/validate.ts';
import { displayOrder, programBody, programFormValues } from './program-form.ts';
import { rows } from '../../test/fixtures/admin.ts';

describe('programme form', () => {
  it('starts a new programme as a Full Program placed after the last one', () => {
    const values = programFormValues(undefined, [
      rows.program(1, { orderIndex: 0 }),
      rows.program(2, { orderIndex: 4 }),
    ]);
    expect(values).toMatchObject({ title: '', programType: 'Full Program', orderIndex: '5', isActive: true });
    expect(programFormValues(undefined, []).orderIndex).toBe('1');
  });

  it('falls back to display order 1 when the field holds no number (spec 001 §5)', () => {
    expect(displayOrder('')).toBe(1);
    expect(displayOrder('abc')).toBe(1);
    expect(displayOrder('3')).toBe('3');
  });

  it('creates active programmes and refuses a missing title or a display order below 1 with the contract words', () => {
    const initial = programFormValues(undefined, []);
    const body = programBody({ ...initial, title: ' ', orderIndex: '0', isActive: false }, initial, false);
    expect(body.isActive).toBe(true);
    expect(validate(createProgramSchema, body).errors).toEqual({
      title: 'Name is required',
      orderIndex: 'Display order must be at least 1',
    });
  });

  it('leaves an untouched display order out of an edit, so a position 0 from Save Ordering is not refused', () => {
    const program = rows.program(1, { orderIndex: 0 });
    const initial = programFormValues(program, []);
    const untouched = programBody({ ...initial, title: 'Renamed' }, initial, true);
    expect(untouched).not.toHaveProperty('orderIndex');
    expect(validate(updateProgramSchema, untouched).data).toMatchObject({ title: 'Renamed' });
    const changed = programBody({ ...initial, orderIndex: '2' }, initial, true);
    expect(validate(updateProgramSchema, changed).data).toMatchObject({ orderIndex: 2 });
  });

  it('refuses a redirect that is neither a site path nor a web address', () => {
    const initial = programFormValues(undefined, []);
    const body = programBody({ ...initial, title: 'T', redirectUrl: '//elsewhere.example' }, initial, false);
    expect(validate(createProgramSchema, body).errors?.redirectUrl).toBe(
      'Redirect URL must be a web address starting with https:// or a site path starting with /',
    );
  });
});
