import { renderHook, waitFor } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSchemaSubmit } from './validate.ts';

const schema = z.object({ email: z.email('Enter a valid email') });
const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

function renderSubmit(source: Parameters<typeof useSchemaSubmit<{ email: string }>>[0]) {
  const onValid = vi.fn();
  const onInvalid = vi.fn();
  const { result } = renderHook(() => useSchemaSubmit(source, { onValid, onInvalid }));
  return { submit: result.current, onValid, onInvalid };
}

describe('a form submit checked with its contract schema', () => {
  it('hands on the parsed body when valid, and the first message per field when not', async () => {
    const { submit, onValid, onInvalid } = renderSubmit(async () => schema);
    submit(submitEvent(), { email: 'not an address' });
    await waitFor(() => expect(onInvalid).toHaveBeenCalledWith({ email: 'Enter a valid email' }));
    submit(submitEvent(), { email: 'learner@example.com' });
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'learner@example.com' }));
  });

  it('ignores a second press while the schema is still loading: one press, one request', async () => {
    let loaded!: (value: typeof schema) => void;
    const loading = new Promise<typeof schema>((resolve) => (loaded = resolve));
    const { submit, onValid } = renderSubmit(() => loading);
    submit(submitEvent(), { email: 'learner@example.com' });
    submit(submitEvent(), { email: 'learner@example.com' });
    loaded(schema);
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    submit(submitEvent(), { email: 'learner@example.com' });
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
  });

  it('when the schema cannot load (offline, or replaced by a newer deploy), sends the values for the server to check', async () => {
    const { submit, onValid, onInvalid } = renderSubmit(() => Promise.reject(new Error('Failed to fetch')));
    submit(submitEvent(), { email: 'learner@example.com' });
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'learner@example.com' }));
    expect(onInvalid).not.toHaveBeenCalled();
  });
});
