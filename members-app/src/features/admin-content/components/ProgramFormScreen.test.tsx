import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminKeys } from '../../../lib/admin/keys.ts';
import { UNSAVED } from '../../../lib/admin/messages.ts';
import { rows } from '../../../test/fixtures/admin.ts';
import { renderAt, stubApi } from '../../../test/render.tsx';
import { EditProgramScreen } from './ProgramFormScreen.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderEdit() {
  stubApi({
    'GET /api/admin/programs/1': { status: 200, body: rows.program(1, { title: 'Sleep Ritual' }) },
    'PUT /api/admin/programs/1': { status: 200, body: rows.program(1, { title: 'Sleep Ritual II' }) },
  });
  renderAt('/admin/programs/1/edit', '/admin/programs/:programId/edit', <EditProgramScreen />, [
    { path: '/admin/programs/:programId', element: <p>Program details</p> },
  ]);
}

const leaving = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('the programme form with changes not saved', () => {
  it('asks before Cancel, a link or a reload drops them; answered no, the changes stay', async () => {
    renderEdit();
    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement;
    expect(leaving()).toBe(false);
    fireEvent.change(name, { target: { value: 'Sleep Ritual II' } });
    expect(leaving()).toBe(true);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED.leave);
    fireEvent.click(screen.getByRole('link', { name: /Back to Program Details/ }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Program details')).toBeNull();
    expect(name.value).toBe('Sleep Ritual II');
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByText('Program details')).toBeTruthy();
  });

  it('leaves without asking once saved, and when nothing was changed', async () => {
    renderEdit();
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(await screen.findByRole('link', { name: 'Cancel' }));
    expect(await screen.findByText('Program details')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('opens on the programme as it is now when the one read before has changed since', async () => {
    const answers = {
      'GET /api/admin/programs/1': { status: 200, body: rows.program(1, { title: 'Sleep Ritual' }) },
      'PUT /api/admin/programs/1': { status: 200, body: rows.program(1) },
    };
    const { calls } = stubApi(answers);
    const { router, queryClient } = renderAt(
      '/admin/programs/1/edit',
      '/admin/programs/:programId/edit',
      <EditProgramScreen />,
      [{ path: '/admin/programs/:programId', element: <p>Program details</p> }],
    );
    expect(((await screen.findByLabelText(/^Name/)) as HTMLInputElement).value).toBe('Sleep Ritual');
    await act(() => router.navigate('/admin/programs/1'));
    // Changed meanwhile (a new order saved, which moves every programme's updatedAt).
    answers['GET /api/admin/programs/1'].body = rows.program(1, {
      title: 'Sleep Ritual',
      orderIndex: 4,
      updatedAt: '2026-11-02T08:00:00.000Z',
    });
    await act(() => queryClient.invalidateQueries({ queryKey: adminKeys.all, refetchType: 'none' }));
    await act(() => router.navigate('/admin/programs/1/edit'));
    expect(screen.getByText('Loading program...')).toBeTruthy();
    expect(((await screen.findByLabelText(/^Display Order/)) as HTMLInputElement).value).toBe('4');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Program details')).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')!.body!)).toMatchObject({
      updatedAt: '2026-11-02T08:00:00.000Z',
    });
  });

  it('keeps what was typed, and says why, when a save opened from the cache is refused as changed since', async () => {
    const changed = 'This program was changed after you opened it.';
    let program = rows.program(1, { title: 'Sleep Ritual' });
    // The read after the refusal is held until the test lets it answer.
    let answerRead: (() => void) | undefined;
    const { calls } = stubApi({
      'GET /api/admin/programs/1': async () => {
        if (calls.filter((call) => call.method === 'PUT').length > 0)
          await new Promise<void>((resolve) => (answerRead = resolve));
        return { status: 200, body: program };
      },
      'PUT /api/admin/programs/1': { status: 409, body: { error: changed } },
    });
    const { router } = renderAt(
      '/admin/programs/1/edit',
      '/admin/programs/:programId/edit',
      <EditProgramScreen />,
      [{ path: '/admin/programs/:programId', element: <p>Program details</p> }],
    );
    await screen.findByLabelText(/^Name/);
    await act(() => router.navigate('/admin/programs/1'));
    // Opened again from the programme already read: no read as it opens.
    await act(() => router.navigate('/admin/programs/1/edit'));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Sleep Ritual II' } });
    program = rows.program(1, { title: 'Renamed elsewhere', updatedAt: '2026-11-02T08:00:00.000Z' });
    vi.stubGlobal('confirm', () => false);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(changed, { selector: '.field-error' })).toBeTruthy();
    // The refusal reads the programme again; meanwhile and after, the form stays as typed.
    await waitFor(() => expect(answerRead).toBeDefined());
    expect(screen.queryByText('Loading program...')).toBeNull();
    await act(async () => answerRead?.());
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Sleep Ritual II');
    expect(screen.getByText(changed, { selector: '.field-error' })).toBeTruthy();
  });

  it('moves on after Save Changes without asking', async () => {
    renderEdit();
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Sleep Ritual II' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Program details')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
    // The form's guard goes with it (its effect's cleanup, which React may run just after the commit).
    await waitFor(() => expect(leaving()).toBe(false));
  });
});
