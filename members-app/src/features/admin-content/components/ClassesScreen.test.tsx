import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_MAX_BYTES, MEDIA_MESSAGES } from '@sleep-ritual/contracts/media';
import { stubUploads } from '../../../test/fake-uploads.ts';
import { UNSAVED } from '../../../lib/admin/messages.ts';
import { isOpenModal } from '../../../test/native-dialog.ts';
import { renderAt, stubApi } from '../../../test/render.tsx';
import { rows, UPDATED_AT } from '../../../test/fixtures/admin.ts';
import { ClassesScreen } from './ClassesScreen.tsx';
import { keyboardDragUp } from './test-drag.ts';

afterEach(() => vi.unstubAllGlobals());

const URL = '/admin/programs/1/phases/5/paths/10/classes';
const crumbs = {
  path: rows.path(10, { title: 'Six Nights' }),
  phase: { id: 5, title: 'The Ritual' },
  program: { id: 1, title: 'Sleep Ritual' },
};

function renderClasses(answers: Parameters<typeof stubApi>[0]) {
  const stub = stubApi(answers);
  renderAt(URL, '/admin/programs/:programId/phases/:phaseId/paths/:pathId/classes', <ClassesScreen />);
  return stub;
}

describe('classes list', () => {
  it('shows the breadcrumb, the path title and each card with its label, video, audio and lock state', async () => {
    renderClasses({
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': {
        status: 200,
        body: [
          rows.lesson(1, {
            label: 'Night 1',
            description: 'Letting the day go',
            vimeoVideoId: 'https://vimeo.com/76979871',
            audioUrl: '/media/demo/night-1.wav',
            isUnlocked: true,
          }),
          rows.lesson(2),
        ],
      },
    });
    expect(screen.getByText('Loading classes...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Night 1' })).toBeTruthy();
    const breadcrumb = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    const links = breadcrumb
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Programs', '/admin/programs'],
      ['Sleep Ritual', '/admin/programs/1'],
      ['Phases', '/admin/programs/1/phases'],
      ['The Ritual', '/admin/programs/1/phases/5'],
      ['Paths', '/admin/programs/1/phases/5/paths'],
      ['Six Nights', '/admin/programs/1/phases/5/paths/10'],
      ['Classes', URL],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Classes List' })).toBeTruthy();
    expect(screen.getByText('Manage classes for the Six Nights')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Path Details/ }).getAttribute('href')).toBe(
      '/admin/programs/1/phases/5/paths/10',
    );

    const [first, second] = screen
      .getAllByRole('listitem')
      .filter((item) => item.closest('ol[aria-label="Classes"]'));
    expect(within(first!).getByText('Letting the day go')).toBeTruthy();
    expect(within(first!).getByText('Night 1', { selector: '.badge' })).toBeTruthy();
    expect(within(first!).getByText('Has Video')).toBeTruthy();
    expect(within(first!).getByText('Unlocked')).toBeTruthy();
    expect(within(first!).getByText('Has Audio')).toBeTruthy();
    expect(within(second!).queryByText('Has Video')).toBeNull();
    expect(within(second!).queryByText('Has Audio')).toBeNull();
    expect(within(second!).getByText('Locked')).toBeTruthy();
    expect(within(second!).getByRole('button', { name: 'Drag to reorder Night 2' })).toBeTruthy();
  });

  it('labels the crumbs Program, Phase and Path when the path cannot be read', async () => {
    renderClasses({
      'GET /api/admin/paths/10': { status: 500, body: { error: 'Something went wrong' } },
      'GET /api/admin/paths/10/classes': { status: 200, body: [] },
    });
    await screen.findByText('No classes created yet');
    const names = within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Programs', 'Program', 'Phases', 'Phase', 'Paths', 'Path', 'Classes']);
  });

  it('offers the first class from the empty state, and the create dialog closes with Escape, giving focus back', async () => {
    renderClasses({
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [] },
    });
    expect(
      await screen.findByText('Create your first class to get started with organizing content in this path'),
    ).toBeTruthy();
    const opener = screen.getByRole('button', { name: 'Create First Class' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Create New Class' });
    expect(isOpenModal(dialog)).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Title/));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('asks before changes typed in the dialog go: Cancel, Escape and a reload; an untouched dialog just closes', async () => {
    renderClasses({
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [rows.lesson(1, { title: 'Night 1' })] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Night 1' }));
    const leaving = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    let dialog = screen.getByRole('dialog', { name: 'Edit Class' });
    expect(leaving()).toBe(false);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(confirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Night 1' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Class' });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Night One' } });
    expect(leaving()).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED.discard);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(confirm).toHaveBeenCalledTimes(2);
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Night One');
    // Typed back as it was: nothing to lose.
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Night 1' } });
    expect(leaving()).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Night One' } });
    confirm.mockReturnValue(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(leaving()).toBe(false);
  });

  it('the create dialog says new classes start locked, and what learners see without a duration', async () => {
    renderClasses({
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create First Class' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create New Class' }));
    const described = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    const unlocked = dialog.getByLabelText('Unlocked') as HTMLInputElement;
    expect(unlocked.checked).toBe(false);
    expect(described(unlocked)).toContain('New classes start locked');
    expect(described(dialog.getByLabelText('Duration (minutes)'))).toContain("learners see '0 Minutes'");
  });

  it('refuses a class without title, with a non-Vimeo link, a plain-http audio link or 0 minutes in the contract words, and sends nothing', async () => {
    const { calls } = renderClasses({
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [] },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Create New Class/ }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Vimeo Video URL'), {
      target: { value: 'https://youtube.com/watch?v=1' },
    });
    fireEvent.change(dialog.getByLabelText('Audio URL'), {
      target: { value: 'http://cdn.example.com/night-1.mp3' },
    });
    fireEvent.change(dialog.getByLabelText('Duration (minutes)'), { target: { value: '0' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Class' }));
    expect(dialog.getByText('Title is required')).toBeTruthy();
    expect(
      dialog.getByText(
        'Audio URL must be a web address starting with https:// or a path of our media starting with /media/',
      ),
    ).toBeTruthy();
    expect(
      dialog.getByText(
        'Video URL must be a link to one Vimeo video, like https://vimeo.com/123456789 (a showcase, channel or profile link names no single video)',
      ),
    ).toBeTruthy();
    expect(dialog.getByText('Duration must be at least 1 minute')).toBeTruthy();
    expect(dialog.getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    // Correcting the video link takes its message away at once; the others stay until corrected.
    fireEvent.change(dialog.getByLabelText('Vimeo Video URL'), {
      target: { value: 'https://vimeo.com/123456789' },
    });
    expect(dialog.queryByText(/^Video URL must be a link to one Vimeo video/)).toBeNull();
    expect(dialog.getByLabelText('Vimeo Video URL').getAttribute('aria-invalid')).not.toBe('true');
    expect(dialog.getByText('Title is required')).toBeTruthy();
  });

  it('refuses a showcase link, which names no single video, and sends nothing', async () => {
    const { calls } = renderClasses({
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [] },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Create New Class/ }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Night 2' } });
    fireEvent.change(dialog.getByLabelText('Vimeo Video URL'), {
      target: { value: 'https://vimeo.com/showcase/11223344' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Class' }));
    expect(
      dialog.getByText(
        'Video URL must be a link to one Vimeo video, like https://vimeo.com/123456789 (a showcase, channel or profile link names no single video)',
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('offers the end of the list as a new class\'s order, so "Night 7" lands after Night 6', async () => {
    const nights = [1, 2, 3, 4, 5, 6].map((night) =>
      rows.lesson(night, { title: `Night ${night}`, orderIndex: night - 1 }),
    );
    const { calls } = renderClasses({
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: nights },
      'POST /api/admin/paths/10/classes': { status: 201, body: rows.lesson(7, { title: 'Night 7' }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create New Class' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create New Class' }));
    expect(dialog.getByLabelText('Order')).toHaveProperty('value', '6');
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Night 7' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Class' }));
    expect(await screen.findByText('Class created successfully')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse(post.body!)).toMatchObject({ title: 'Night 7', orderIndex: 6 });
  });

  it('creates a class locked at order 0 with the Vimeo and audio links as typed, then lists it', async () => {
    const answers = {
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [] as unknown[] },
      'POST /api/admin/paths/10/classes': { status: 201, body: rows.lesson(3, { title: 'Night 3' }) },
    };
    const { calls } = renderClasses(answers);
    fireEvent.click(await screen.findByRole('button', { name: /Create New Class/ }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Night 3' } });
    fireEvent.change(dialog.getByLabelText('Vimeo Video URL'), {
      target: { value: 'https://vimeo.com/76979871' },
    });
    fireEvent.change(dialog.getByLabelText('Audio URL'), {
      target: { value: ' /media/demo/night-3.wav ' },
    });
    fireEvent.change(dialog.getByLabelText('Duration (minutes)'), { target: { value: '16' } });
    answers['GET /api/admin/paths/10/classes'].body = [rows.lesson(3, { title: 'Night 3' })];
    fireEvent.click(dialog.getByRole('button', { name: 'Create Class' }));
    expect(await screen.findByText('Class created successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Night 3' })).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({
      title: 'Night 3',
      label: null,
      description: null,
      coverArtUrl: null,
      vimeoVideoId: 'https://vimeo.com/76979871',
      audioUrl: '/media/demo/night-3.wav',
      additionalContentUrl: null,
      additionalContentButtonLabel: null,
      durationMinutes: 16,
      orderIndex: 0,
      isUnlocked: false,
      opensAfterDays: 0,
      pathId: 10,
    });
  });

  it('a save that failed and then went through leaves only its success toast', async () => {
    const answers = {
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [rows.lesson(2)] },
      'PUT /api/admin/classes/2': {
        status: 503,
        body: { error: 'The service is temporarily unavailable.' } as object,
      },
    };
    renderClasses(answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Night 2' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Class' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update class')).toBeTruthy();

    Object.assign(answers['PUT /api/admin/classes/2'], { status: 200, body: rows.lesson(2) });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Class updated successfully')).toBeTruthy();
    expect(screen.queryByText('Failed to update class')).toBeNull();
  });

  it('saves against the version it opened, and keeps the typed changes when another tab saved first', async () => {
    const changed = 'This class was changed after you opened it.';
    const answers = {
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [rows.lesson(2)] },
      'PUT /api/admin/classes/2': { status: 409, body: { error: changed } as object },
    };
    const { calls } = renderClasses(answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Night 2' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Class' }));
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Night Two' } });
    // Meanwhile the list is read again with the other tab's change: the form still sends what it opened.
    answers['GET /api/admin/paths/10/classes'].body = [
      rows.lesson(2, { title: 'Night 2, renamed', updatedAt: '2026-11-02T08:00:00.000Z' }),
    ];
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    // Said beside the buttons, where it stays (the failure toast goes after a while).
    const problem = await dialog.findByText(changed, { selector: '.field-error' });
    expect(problem.getAttribute('role')).toBe('alert');
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')!.body!)).toMatchObject({
      title: 'Night Two',
      updatedAt: UPDATED_AT,
    });
    expect(screen.getByRole('dialog', { name: 'Edit Class' })).toBeTruthy();
    expect((dialog.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Night Two');
  });

  it('opens the edit dialog on the row as its lock answered, before the list is read again, and saves against it', async () => {
    const locked = rows.lesson(2, { isUnlocked: true, updatedAt: '2026-11-02T08:00:00.000Z' });
    let listReads = 0;
    const { calls } = renderClasses({
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      // The first read answers; the one after the lock is slow, and never comes here.
      'GET /api/admin/paths/10/classes': () =>
        (listReads += 1) === 1
          ? { status: 200, body: [rows.lesson(2)] }
          : new Promise<never>(() => undefined),
      'PATCH /api/admin/classes/2/lock': { status: 200, body: locked },
      'PUT /api/admin/classes/2': { status: 200, body: locked },
    });
    fireEvent.click(await screen.findByRole('switch', { name: 'Unlock Night 2' }));
    expect(await screen.findByText('Class lock status updated successfully')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Night 2' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Class' }));
    expect((dialog.getByLabelText('Unlocked') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Class updated successfully')).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')!.body!)).toMatchObject({
      isUnlocked: true,
      updatedAt: '2026-11-02T08:00:00.000Z',
    });
  });

  it('for a path that is not there (deleted, say) points to Deleted content and offers no new class', async () => {
    renderClasses({
      'GET /api/admin/paths/10': { status: 404, body: { error: 'Path not found' } },
      'GET /api/admin/paths/10/classes': { status: 404, body: { error: 'Path not found' } },
    });
    expect(await screen.findByRole('heading', { name: 'Error loading classes' })).toBeTruthy();
    expect(screen.getByText('Path not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See deleted content' }).getAttribute('href')).toBe(
      '/admin/deleted',
    );
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create New Class/ })).toBeNull();
  });

  it('edits after how many days a class opens: shows the stored days, refuses a negative number, sends the new one', async () => {
    const answers = {
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [rows.lesson(2, { opensAfterDays: 2 })] },
      'PUT /api/admin/classes/2': { status: 200, body: rows.lesson(2, { opensAfterDays: 1 }) },
    };
    const { calls } = renderClasses(answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Night 2' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Class' }));
    const days = dialog.getByLabelText('Opens after (days)') as HTMLInputElement;
    expect(days.value).toBe('2');

    fireEvent.change(days, { target: { value: '-1' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText('Opens after cannot be negative')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(days, { target: { value: '1' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Class updated successfully')).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')!.body!)).toMatchObject({
      title: 'Night 2',
      opensAfterDays: 1,
    });
  });

  it('unlocks a class from its switch and says so; a refusal is an "Error" toast', async () => {
    const answers = {
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [rows.lesson(1), rows.lesson(2)] },
      'PATCH /api/admin/classes/2/lock': { status: 200, body: rows.lesson(2, { isUnlocked: true }) },
      'PATCH /api/admin/classes/1/lock': { status: 500, body: { error: 'Something went wrong' } },
    };
    const { calls } = renderClasses(answers);
    const toggle = await screen.findByRole('switch', { name: 'Unlock Night 2' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    answers['GET /api/admin/paths/10/classes'].body = [rows.lesson(1), rows.lesson(2, { isUnlocked: true })];
    fireEvent.click(toggle);
    expect(await screen.findByText('Class lock status updated successfully')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Unlock Night 2' }).getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    expect(JSON.parse(calls.find((call) => call.url.endsWith('/classes/2/lock'))!.body!)).toEqual({
      isUnlocked: true,
    });

    fireEvent.click(screen.getByRole('switch', { name: 'Unlock Night 1' }));
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText('Error')).toBeTruthy();
    expect(within(failure).getByText('Failed to update class lock status')).toBeTruthy();
  });

  it('a class deleted meanwhile (elsewhere) leaves the list once its switch hears 404', async () => {
    const answers = {
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [rows.lesson(1), rows.lesson(2)] },
      'PATCH /api/admin/classes/2/lock': { status: 404, body: { error: 'Class not found' } },
    };
    renderClasses(answers);
    const toggle = await screen.findByRole('switch', { name: 'Unlock Night 2' });
    answers['GET /api/admin/paths/10/classes'].body = [rows.lesson(1)];
    fireEvent.click(toggle);
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('switch', { name: 'Unlock Night 2' })).toBeNull());
    expect(screen.getByRole('switch', { name: 'Unlock Night 1' })).toBeTruthy();
  });

  it('asks before deleting a class, then deletes it and lists the rest', async () => {
    const answers = {
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [rows.lesson(1), rows.lesson(2)] },
      'DELETE /api/admin/classes/1': { status: 200, body: { success: true } },
    };
    const { calls } = renderClasses(answers);
    // From the keyboard: the row's Delete button has the focus.
    const deleteButton = await screen.findByRole('button', { name: 'Delete Night 1' });
    deleteButton.focus();
    fireEvent.click(deleteButton);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Class' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete the class Night 1? This action cannot be undone.',
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    answers['GET /api/admin/paths/10/classes'].body = [rows.lesson(2)];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Class deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Night 1' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Night 2' })).toBeTruthy();
    // The focus, handed back to the row's Delete button, goes to the screen's heading with the row.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Classes List' })),
    );
  });

  it('saves the order right after a keyboard drop, as positions 0..n-1', async () => {
    const answers = {
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': {
        status: 200,
        body: [rows.lesson(1), rows.lesson(2, { orderIndex: 1 })],
      },
      'POST /api/admin/paths/10/classes/reorder': {
        status: 200,
        body: [rows.lesson(2, { orderIndex: 0 }), rows.lesson(1, { orderIndex: 1 })],
      },
    };
    const { calls } = renderClasses(answers);
    const handle = await screen.findByRole('button', { name: 'Drag to reorder Night 2' });
    answers['GET /api/admin/paths/10/classes'].body =
      answers['POST /api/admin/paths/10/classes/reorder'].body;
    await keyboardDragUp(handle);
    expect(await screen.findByText('Classes reordered successfully')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({
      classUpdates: [
        { id: 2, orderIndex: 0 },
        { id: 1, orderIndex: 1 },
      ],
    });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Night 2', 'Night 1']);
  });

  it('puts the classes back and shows an "Error" toast when the server refuses the new order', async () => {
    renderClasses({
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': {
        status: 200,
        body: [rows.lesson(1), rows.lesson(2, { orderIndex: 1 })],
      },
      'POST /api/admin/paths/10/classes/reorder': {
        status: 400,
        body: { error: 'The new order leaves out a class' },
      },
    });
    const handle = await screen.findByRole('button', { name: 'Drag to reorder Night 2' });
    await keyboardDragUp(handle);
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText('Error')).toBeTruthy();
    expect(within(failure).getByText('Failed to reorder classes')).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Night 1', 'Night 2']);
  });

  it('duplicates a class: the locked copy the server made joins the end of the list', async () => {
    const answers = {
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': {
        status: 200,
        body: [rows.lesson(1, { isUnlocked: true })] as unknown[],
      },
      'POST /api/admin/classes/1/duplicate': {
        status: 201,
        body: rows.lesson(7, { title: 'Night 1 (copy)', orderIndex: 1 }),
      },
    };
    const { requested } = renderClasses(answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate Night 1' }));
    answers['GET /api/admin/paths/10/classes'].body = [
      rows.lesson(1, { isUnlocked: true }),
      rows.lesson(7, { title: 'Night 1 (copy)', orderIndex: 1 }),
    ];
    expect(await screen.findByText('Class duplicated successfully')).toBeTruthy();
    expect(requested()).toContain('POST /api/admin/classes/1/duplicate');
    expect(await screen.findByRole('heading', { name: 'Night 1 (copy)' })).toBeTruthy();
    const copy = screen.getByRole('switch', { name: /Night 1 \(copy\)/ }) as HTMLInputElement;
    expect(copy.getAttribute('aria-checked') ?? String(copy.checked)).toBe('false');
  });

  it('says so when the duplicate is refused', async () => {
    renderClasses({
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [rows.lesson(1)] },
      'POST /api/admin/classes/1/duplicate': { status: 404, body: { error: 'Class not found' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate Night 1' }));
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText('Failed to duplicate class')).toBeTruthy();
    expect(within(failure).getByText('Class not found')).toBeTruthy();
  });

  it('opens each class as the learner sees it in a new tab', async () => {
    renderClasses({
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [rows.lesson(1)] },
    });
    const link = await screen.findByRole('link', { name: 'View as learner: Night 1 (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/program/1/path/10/class/1?preview');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
  });

  it('offers what Vimeo says of the video in the class form, and fills a field only when asked', async () => {
    const answers = {
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [] as unknown[] },
      'GET /api/admin/vimeo': {
        status: 200,
        body: {
          title: 'Night 1: Arriving',
          durationSeconds: 962,
          thumbnailUrl: 'https://i.vimeocdn.com/video/1_640.jpg',
        } as unknown,
      },
    };
    const { requested } = renderClasses(answers);
    fireEvent.click(await screen.findByRole('button', { name: /Create New Class/ }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Vimeo Video URL'), {
      target: { value: 'https://vimeo.com/76979871' },
    });
    fireEvent.click(await dialog.findByRole('button', { name: 'Use the title “Night 1: Arriving”' }));
    expect((dialog.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Night 1: Arriving');
    expect((dialog.getByLabelText('Duration (minutes)') as HTMLInputElement).value).toBe('');
    fireEvent.click(dialog.getByRole('button', { name: 'Use 16 minutes as the duration' }));
    expect((dialog.getByLabelText('Duration (minutes)') as HTMLInputElement).value).toBe('16');
    fireEvent.click(dialog.getByRole('button', { name: 'Use the thumbnail as the cover' }));
    expect((dialog.getByLabelText('Cover Art URL') as HTMLInputElement).value).toBe(
      'https://i.vimeocdn.com/video/1_640.jpg',
    );
    expect(requested()).toContain(
      `GET /api/admin/vimeo?url=${encodeURIComponent('https://vimeo.com/76979871')}`,
    );
  });

  it('says Vimeo could not be reached, and still saves the class', async () => {
    renderClasses({
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [] },
      'GET /api/admin/vimeo': {
        status: 503,
        body: {
          error:
            'Vimeo could not be reached, so its details were not filled in. The class can still be saved.',
        },
      },
      'POST /api/admin/paths/10/classes': { status: 201, body: rows.lesson(3, { title: 'Night 3' }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Create New Class/ }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Night 3' } });
    fireEvent.change(dialog.getByLabelText('Vimeo Video URL'), {
      target: { value: 'https://vimeo.com/76979871' },
    });
    expect(
      await dialog.findByText(
        'Vimeo could not be reached, so its details were not filled in. The class can still be saved.',
      ),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Create Class' }));
    expect(await screen.findByText('Class created successfully')).toBeTruthy();
  });

  it('uploads the audio track, plays it in the preview with its length, and offers that length as the duration', async () => {
    const track = `/media/${'cd'.repeat(16)}.mp3`;
    const answers = {
      'GET /api/admin/paths/10': { status: 200, body: crumbs },
      'GET /api/admin/paths/10/classes': { status: 200, body: [] as unknown[] },
      'POST /api/admin/paths/10/classes': {
        status: 201,
        body: rows.lesson(3, { title: 'Night 3', audioUrl: track }),
      },
    };
    const { calls } = renderClasses(answers);
    const uploads = stubUploads();
    fireEvent.click(await screen.findByRole('button', { name: /Create New Class/ }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Night 3' } });
    expect(dialog.getByRole('button', { name: 'Upload Audio' })).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type="file"][data-field="audioUrl"]')!;

    const tooLarge = new File([new Uint8Array(8)], 'night.wav', { type: 'audio/wav' });
    Object.defineProperty(tooLarge, 'size', { value: AUDIO_MAX_BYTES + 1 });
    fireEvent.change(input, { target: { files: [tooLarge] } });
    expect((await dialog.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.audioTooLarge);
    expect(uploads).toHaveLength(0);

    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(4096)], 'night-3.mp3', { type: 'audio/mpeg' })] },
    });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.url).toBe('/api/admin/media/audio');
    act(() => uploads[0]!.progress(1024, 4096));
    expect((dialog.getByRole('progressbar', { name: 'Uploading Audio' }) as HTMLProgressElement).value).toBe(
      0.25,
    );
    act(() =>
      uploads[0]!.respond(201, { url: track, contentType: 'audio/mpeg', bytes: 4096, durationSeconds: 930 }),
    );

    await waitFor(() => expect((dialog.getByLabelText('Audio URL') as HTMLInputElement).value).toBe(track));
    const player = document.querySelector<HTMLAudioElement>('audio.media-preview-audio')!;
    expect(player.getAttribute('src')).toBe(track);
    expect(player.controls).toBe(true);
    expect(dialog.getByText('Length: 15:30')).toBeTruthy();
    expect((dialog.getByLabelText('Duration (minutes)') as HTMLInputElement).value).toBe('');
    fireEvent.click(dialog.getByRole('button', { name: 'Use 16 minutes as the duration' }));
    expect((dialog.getByLabelText('Duration (minutes)') as HTMLInputElement).value).toBe('16');
    expect(dialog.queryByRole('button', { name: /as the duration/ })).toBeNull();

    fireEvent.click(await dialog.findByRole('button', { name: 'Create Class' }));
    expect(await screen.findByText('Class created successfully')).toBeTruthy();
    const post = JSON.parse(calls.find((call) => call.method === 'POST')!.body!);
    expect(post).toMatchObject({ audioUrl: track, durationMinutes: 16 });
  });
});
