import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';

afterEach(() => {
  onlineManager.setOnline(true);
});

const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the query client when the browser says it is offline', () => {
  it('still asks (a saved night is answered by the service worker) and, unanswered, fails with the network error the screens show as offline', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const fetcher = vi.fn(async () => ({ id: 1, title: 'Arriving: Letting the Day Go' }));
    await expect(
      client.fetchQuery({ queryKey: ['/api/classes/1/details'], queryFn: fetcher }),
    ).resolves.toEqual({
      id: 1,
      title: 'Arriving: Letting the Day Go',
    });
    expect(fetcher).toHaveBeenCalledTimes(1);

    const observer = new QueryObserver(client, {
      queryKey: ['/api/classes/2/details'],
      queryFn: networkDown,
    });
    const settled = new Promise((resolve) =>
      observer.subscribe((result) => result.isError && resolve(result)),
    );
    await expect(settled).resolves.toMatchObject({ error: expect.any(TypeError), fetchStatus: 'idle' });
  });

  it('sends a change such as the sleep timer’s completion at once, so that a failed one can wait in IndexedDB rather than in memory', async () => {
    onlineManager.setOnline(false);
    const send = vi.fn((_change: { completed: boolean }) => networkDown());
    const mutation = new MutationObserver(createQueryClient(), { mutationFn: send });
    await expect(mutation.mutate({ completed: true })).rejects.toBeInstanceOf(TypeError);
    expect(send).toHaveBeenCalledTimes(1);
    expect(mutation.getCurrentResult().isPaused).toBe(false);
  });
});
