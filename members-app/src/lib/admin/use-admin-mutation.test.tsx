import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../query-client.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

function renderWrite() {
  const answers: ((value: string) => void)[] = [];
  const sent: { memberId: number }[] = [];
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () =>
      useAdminMutation((variables: { memberId: number }) => {
        sent.push(variables);
        return new Promise<string>((resolve) => answers.push(resolve));
      }),
    { wrapper },
  );
  return { result, sent, answers };
}

describe('an admin write', () => {
  it('is sent once until it answers, however quickly it is asked for again; then it may go again', async () => {
    const { result, sent, answers } = renderWrite();
    act(() => {
      result.current.mutate({ memberId: 7 });
      result.current.mutate({ memberId: 7 });
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    await act(async () => answers[0]!('sent'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => result.current.mutate({ memberId: 7 }));
    await waitFor(() => expect(sent).toHaveLength(2));
  });

  it('goes at once for other variables (another row), and each may go again once answered', async () => {
    const { result, sent, answers } = renderWrite();
    act(() => {
      result.current.mutate({ memberId: 7 });
      result.current.mutate({ memberId: 8 });
    });
    await waitFor(() => expect(sent).toEqual([{ memberId: 7 }, { memberId: 8 }]));
    // The first answers after the second was sent: it is let go all the same.
    await act(async () => {
      answers[0]!('sent');
      answers[1]!('sent');
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => result.current.mutate({ memberId: 7 }));
    await waitFor(() => expect(sent).toHaveLength(3));
  });
});
