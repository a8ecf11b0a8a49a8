import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi } from '../../../test/render.tsx';
import { rows } from '../../../test/fixtures/admin.ts';
import { PathsScreen } from './PathsScreen.tsx';
import { PhasesScreen } from './PhasesScreen.tsx';
import { ProgramsScreen } from './ProgramsScreen.tsx';
import { LEAVE_UNSAVED_ORDER } from './SaveOrdering.tsx';
import { keyboardDrag, keyboardDragUp } from './test-drag.ts';

afterEach(() => vi.unstubAllGlobals());

function stub(answers: Parameters<typeof stubApi>[0]) {
  const result = stubApi(answers);
  return result;
}

const bodyOf = (calls: ReturnType<typeof stubApi>['calls'], method: string) =>
  JSON.parse(calls.find((call) => call.method === method)!.body!);

describe('programmes list', () => {
  it("says 'Error loading programs' and loads again with 'Try Again'", async () => {
    const answers = {
      'GET /api/admin/programs': {
        status: 503,
        body: { error: 'The database is not answering.' } as unknown,
      },
    };
    stub(answers);
    renderAt('/admin/programs', '/admin/programs', <ProgramsScreen />);
    expect(await screen.findByRole('heading', { name: 'Error loading programs' })).toBeTruthy();
    answers['GET /api/admin/programs'] = { status: 200, body: [rows.program(1)] };
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Programme 1' })).toBeTruthy();
  });

  it("shows the empty state with 'Create Your First Program'", async () => {
    stub({ 'GET /api/admin/programs': { status: 200, body: [] } });
    renderAt('/admin/programs', '/admin/programs', <ProgramsScreen />);
    expect(await screen.findByText('No programs found yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Your First Program' }).getAttribute('href')).toBe(
      '/admin/programs/create',
    );
  });

  it("shows type badges, and saves a dragged order from 0 only when 'Save Ordering' is pressed", async () => {
    const answers = {
      'GET /api/admin/programs': {
        status: 200,
        body: [rows.program(1), rows.program(2, { programType: 'Add On' })],
      },
      'PUT /api/admin/programs/reorder': {
        status: 200,
        body: [rows.program(2, { orderIndex: 0 }), rows.program(1, { orderIndex: 1 })],
      },
    };
    const { calls } = stub(answers);
    renderAt('/admin/programs', '/admin/programs', <ProgramsScreen />, [
      { path: '/admin/programs/:id', element: <p>Program 1 details</p> },
    ]);
    const list = within(await screen.findByRole('list', { name: 'Programs' }));
    expect(list.getByText('Full Program')).toBeTruthy();
    expect(list.getByText('Add On')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save Ordering' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(save);

    await keyboardDragUp(screen.getByRole('button', { name: 'Drag to reorder Programme 2' }));
    expect(screen.getByText('The new order is not saved yet.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    // Unsaved, a reload or a closed tab asks first, and so does a link to another screen; once saved,
    // nothing asks.
    const leaving = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(leaving()).toBe(true);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(list.getByRole('link', { name: 'Programme 1' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE_UNSAVED_ORDER);
    expect(screen.getByText('The new order is not saved yet.')).toBeTruthy();
    answers['GET /api/admin/programs'].body = answers['PUT /api/admin/programs/reorder'].body;
    save.focus();
    fireEvent.click(save);
    expect(await screen.findByText('Program order updated successfully')).toBeTruthy();
    // Nothing left to save, and the keyboard's focus stays where it was.
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(save);
    expect(leaving()).toBe(false);
    confirm.mockClear();
    expect(bodyOf(calls, 'PUT')).toEqual([
      { id: 2, orderIndex: 0 },
      { id: 1, orderIndex: 1 },
    ]);
    expect(list.getAllByRole('link').map((link) => link.textContent)).toEqual(['Programme 2', 'Programme 1']);
    fireEvent.click(list.getByRole('link', { name: 'Programme 1' }));
    expect(await screen.findByText('Program 1 details')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('reads the list again when a programme was deleted elsewhere, keeping the new order to save once more', async () => {
    const changed =
      'The programs changed since this list was shown (one was added or deleted elsewhere). The list has been read again: save the new order once more.';
    const answers = {
      'GET /api/admin/programs': { status: 200, body: [1, 2, 3].map((id) => rows.program(id)) },
      'PUT /api/admin/programs/reorder': { status: 409, body: { error: changed } as unknown },
    };
    const { calls } = stub(answers);
    renderAt('/admin/programs', '/admin/programs', <ProgramsScreen />);
    const list = within(await screen.findByRole('list', { name: 'Programs' }));
    await keyboardDrag(screen.getByRole('button', { name: 'Drag to reorder Programme 3' }), 'ArrowUp', 2);
    // Another tab deletes Programme 2 meanwhile.
    answers['GET /api/admin/programs'].body = [rows.program(1), rows.program(3)];
    fireEvent.click(screen.getByRole('button', { name: 'Save Ordering' }));
    expect(await screen.findByText('Failed to update program order')).toBeTruthy();
    expect(screen.getByText(/save the new order once more/)).toBeTruthy();
    await waitFor(() => expect(list.queryByRole('link', { name: 'Programme 2' })).toBeNull());
    expect(list.getAllByRole('link').map((link) => link.textContent)).toEqual(['Programme 3', 'Programme 1']);
    expect(screen.getByText('The new order is not saved yet.')).toBeTruthy();
    answers['PUT /api/admin/programs/reorder'] = {
      status: 200,
      body: [rows.program(3, { orderIndex: 0 }), rows.program(1, { orderIndex: 1 })],
    };
    fireEvent.click(screen.getByRole('button', { name: 'Save Ordering' }));
    expect(await screen.findByText('Program order updated successfully')).toBeTruthy();
    expect(JSON.parse(calls.filter((call) => call.method === 'PUT')[1]!.body!)).toEqual([
      { id: 3, orderIndex: 0 },
      { id: 1, orderIndex: 1 },
    ]);
  });

  it('leaves an unsaved order by a link once the question is answered yes', async () => {
    stub({ 'GET /api/admin/programs': { status: 200, body: [rows.program(1), rows.program(2)] } });
    renderAt('/admin/programs', '/admin/programs', <ProgramsScreen />, [
      { path: '/admin/programs/:id', element: <p>Program 1 details</p> },
    ]);
    await keyboardDragUp(await screen.findByRole('button', { name: 'Drag to reorder Programme 2' }));
    vi.stubGlobal('confirm', () => true);
    fireEvent.click(screen.getByRole('link', { name: 'Programme 1' }));
    expect(await screen.findByText('Program 1 details')).toBeTruthy();
  });

  it('moves a row by one place per arrow key press', async () => {
    stub({ 'GET /api/admin/programs': { status: 200, body: [1, 2, 3, 4].map((id) => rows.program(id)) } });
    renderAt('/admin/programs', '/admin/programs', <ProgramsScreen />);
    const list = within(await screen.findByRole('list', { name: 'Programs' }));
    const order = () => list.getAllByRole('link').map((link) => link.textContent);

    await keyboardDrag(screen.getByRole('button', { name: 'Drag to reorder Programme 1' }), 'ArrowDown');
    await waitFor(() =>
      expect(order()).toEqual(['Programme 2', 'Programme 1', 'Programme 3', 'Programme 4']),
    );

    await keyboardDrag(screen.getByRole('button', { name: 'Drag to reorder Programme 4' }), 'ArrowUp', 2);
    await waitFor(() =>
      expect(order()).toEqual(['Programme 2', 'Programme 4', 'Programme 1', 'Programme 3']),
    );
  });

  it("keeps the unsaved order and says 'Failed to update program order' when saving fails", async () => {
    stub({
      'GET /api/admin/programs': { status: 200, body: [rows.program(1), rows.program(2)] },
      'PUT /api/admin/programs/reorder': { status: 400, body: { error: 'Each id may appear only once' } },
    });
    renderAt('/admin/programs', '/admin/programs', <ProgramsScreen />);
    await keyboardDragUp(await screen.findByRole('button', { name: 'Drag to reorder Programme 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Ordering' }));
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText('Failed to update program order')).toBeTruthy();
    expect(within(failure).getByText('Each id may appear only once')).toBeTruthy();
    expect(screen.getByText('The new order is not saved yet.')).toBeTruthy();
  });
});

describe('phases list', () => {
  const answers = () => ({
    'GET /api/admin/programs/1': { status: 200, body: rows.program(1, { title: 'Sleep Ritual' }) },
    'GET /api/admin/programs/1/phases': {
      status: 200,
      body: [rows.phase(5), rows.phase(6, { isUnlocked: false })] as unknown,
    },
    'POST /api/admin/programs/1/phases': { status: 201, body: rows.phase(7, { title: 'Deeper' }) },
    'PATCH /api/admin/phases/6/lock': { status: 200, body: rows.phase(6, { isUnlocked: true }) },
    'PUT /api/admin/phases/reorder': { status: 200, body: [rows.phase(6), rows.phase(5)] },
  });
  const renderPhases = () =>
    renderAt('/admin/programs/1/phases', '/admin/programs/:programId/phases', <PhasesScreen />);

  it('creates a phase with the body of the spec: programId, title, label and description or null, at the end of the list', async () => {
    const { calls } = stub({
      ...answers(),
      'GET /api/admin/programs/1/phases': {
        status: 200,
        body: [rows.phase(5, { orderIndex: 0 }), rows.phase(6, { orderIndex: 1 })],
      },
    });
    renderPhases();
    fireEvent.click(await screen.findByRole('button', { name: 'Create New Phase' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create New Phase' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create Phase' }));
    expect(dialog.getByText('Title is required')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: '  Deeper ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Phase' }));
    expect(await screen.findByText('Phase created successfully')).toBeTruthy();
    expect(bodyOf(calls, 'POST')).toEqual({
      programId: 1,
      title: 'Deeper',
      label: null,
      description: null,
      orderIndex: 2,
    });
  });

  it('unlocks a phase from its switch, and saves a dragged order from 0', async () => {
    const { calls } = stub(answers());
    renderPhases();
    expect(await screen.findByRole('link', { name: 'Sleep Ritual' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('switch', { name: 'Unlock Phase 6' }));
    expect(await screen.findByText('Phase lock status updated successfully')).toBeTruthy();
    expect(bodyOf(calls, 'PATCH')).toEqual({ isUnlocked: true });
    await keyboardDragUp(screen.getByRole('button', { name: 'Drag to reorder Phase 6' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Ordering' }));
    expect(await screen.findByText('Phase order updated successfully')).toBeTruthy();
    expect(bodyOf(calls, 'PUT')).toEqual([
      { id: 6, orderIndex: 0 },
      { id: 5, orderIndex: 1 },
    ]);
  });
});

describe('paths list', () => {
  const renderPaths = () =>
    renderAt(
      '/admin/programs/1/phases/5/paths',
      '/admin/programs/:programId/phases/:phaseId/paths',
      <PathsScreen />,
    );
  const crumbs = {
    'GET /api/admin/programs/1': { status: 200, body: rows.program(1) },
    'GET /api/admin/phases/5': { status: 200, body: rows.phase(5) },
  };

  it("shows order numbers and saves a dragged order from 1 with 'Save Ordering'", async () => {
    const { calls } = stub({
      ...crumbs,
      'GET /api/admin/phases/5/paths': { status: 200, body: [rows.path(10), rows.path(11)] },
      'PATCH /api/admin/phases/5/paths/reorder': { status: 200, body: [rows.path(11), rows.path(10)] },
    });
    renderPaths();
    expect(await screen.findByLabelText('Order 2')).toBeTruthy();
    await keyboardDragUp(screen.getByRole('button', { name: 'Drag to reorder Path 11' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Ordering' }));
    expect(await screen.findByText('Path order updated successfully')).toBeTruthy();
    expect(bodyOf(calls, 'PATCH')).toEqual({
      paths: [
        { id: 11, orderIndex: 1 },
        { id: 10, orderIndex: 2 },
      ],
    });
  });

  it("has no 'Save Ordering' with a single path, and creates paths locked at the end of the list by default", async () => {
    const { calls } = stub({
      ...crumbs,
      'GET /api/admin/phases/5/paths': { status: 200, body: [rows.path(10, { orderIndex: 1 })] },
      'POST /api/admin/phases/5/paths': { status: 201, body: rows.path(12) },
    });
    renderPaths();
    await screen.findByRole('link', { name: 'Path 10' });
    expect(screen.queryByRole('button', { name: 'Save Ordering' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create New Path' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create New Path' }));
    expect(dialog.getByLabelText('Order')).toHaveProperty('value', '2');
    expect(dialog.getByText('Recommended size: 400x225')).toBeTruthy();
    expect(dialog.getByText('Recommended size: 2688x512')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Second path' } });
    fireEvent.change(dialog.getByLabelText('Card Image URL'), { target: { value: 'card.png' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Path' }));
    expect(
      dialog.getByText(
        'Card image URL must be a web address starting with https:// or a site path starting with /',
      ),
    ).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Card Image URL'), { target: { value: '/images/card.png' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Path' }));
    expect(await screen.findByText('Path created successfully')).toBeTruthy();
    expect(bodyOf(calls, 'POST')).toMatchObject({
      title: 'Second path',
      cardImageUrl: '/images/card.png',
      orderIndex: 2,
      isUnlocked: false,
      phaseId: 5,
    });
  });

  it("says 'Error loading paths' when the list cannot be read", async () => {
    stub({ ...crumbs, 'GET /api/admin/phases/5/paths': { status: 404, body: { error: 'Phase not found' } } });
    renderPaths();
    expect(await screen.findByRole('heading', { name: 'Error loading paths' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Phase not found')).toBeTruthy());
  });
});
