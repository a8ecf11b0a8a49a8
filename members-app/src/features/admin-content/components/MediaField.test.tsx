import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, MEDIA_MESSAGES } from '@sleep-ritual/contracts/media';
import { stubUploads } from '../../../test/fake-uploads.ts';
import { rows } from '../../../test/fixtures/admin.ts';
import { renderAt, stubApi } from '../../../test/render.tsx';
import { EditProgramScreen } from './ProgramFormScreen.tsx';

const STORED = `/media/${'ab'.repeat(16)}.webp`;
const stored = (fields = {}) => ({
  url: STORED,
  contentType: 'image/webp',
  bytes: 52_000,
  width: 1200,
  height: 675,
  sourceWidth: 1600,
  sourceHeight: 900,
  ...fields,
});

function renderEdit() {
  const api = stubApi({
    'GET /api/admin/programs/1': { status: 200, body: rows.program(1, { cardImageUrl: null }) },
    'PUT /api/admin/programs/1': { status: 200, body: rows.program(1) },
  });
  const uploads = stubUploads();
  const view = renderAt('/admin/programs/1/edit', '/admin/programs/:programId/edit', <EditProgramScreen />, [
    { path: '/admin/programs/:programId', element: <p>Program details</p> },
  ]);
  const fileInput = (field: string) =>
    view.container.querySelector<HTMLInputElement>(`input[type="file"][data-field="${field}"]`)!;
  return { api, uploads, fileInput };
}

const png = (size = 2048) => new File([new Uint8Array(size)], 'night-sky.png', { type: 'image/png' });

describe('image fields with their upload', () => {
  it('uploads the chosen file for its field, shows the progress, then the address and a card-sized preview', async () => {
    const { api, uploads, fileInput } = renderEdit();
    const field = await screen.findByLabelText('Card Image URL');
    expect(screen.getByRole('button', { name: 'Upload Card Image' })).toBeTruthy();

    fireEvent.change(fileInput('cardImageUrl'), { target: { files: [png()] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.url).toBe('/api/admin/media/images?purpose=program-card');
    expect(uploads[0]!.file.name).toBe('night-sky.png');

    act(() => uploads[0]!.progress(512, 2048));
    const bar = screen.getByRole('progressbar', { name: 'Uploading Card Image' }) as HTMLProgressElement;
    expect(bar.value).toBe(0.25);
    // The form waits for the file before it saves.
    // Busy, not disabled: the keyboard's focus stays on it.
    expect(screen.getByRole('button', { name: 'Uploading...' }).getAttribute('aria-disabled')).toBe('true');

    act(() => uploads[0]!.respond(201, stored()));
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(STORED));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Uploaded and resized to 1200x675.')).toBeTruthy();
    const preview = screen.getByRole('img', { name: 'Preview of the card image' });
    expect(preview.getAttribute('src')).toBe(STORED);
    expect(preview.className).toContain('is-card');

    fireEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = api.calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(put.body!).cardImageUrl).toBe(STORED);
  });

  it('takes a file dropped on the field, and says when a small image was enlarged', async () => {
    const { uploads } = renderEdit();
    const field = await screen.findByLabelText('Cover Art URL');
    fireEvent.drop(field.closest('.media-field')!, { dataTransfer: { files: [png()], types: ['Files'] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.url).toBe('/api/admin/media/images?purpose=program-cover');
    act(() =>
      uploads[0]!.respond(201, stored({ width: 2688, height: 512, sourceWidth: 1200, sourceHeight: 400 })),
    );
    expect(
      await screen.findByText(
        'Uploaded. The image was smaller than 2688x512 and was enlarged to it, so it may look soft.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Preview of the cover art' }).className).toContain('is-cover');
  });

  it('refuses a file over 10 MB without sending it, and shows the server’s reason for one it refuses', async () => {
    const { uploads, fileInput } = renderEdit();
    const field = (await screen.findByLabelText('Card Image URL')) as HTMLInputElement;
    fireEvent.change(fileInput('cardImageUrl'), { target: { files: [png(IMAGE_MAX_BYTES + 1)] } });
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.imageTooLarge);
    expect(uploads).toHaveLength(0);

    fireEvent.change(fileInput('cardImageUrl'), { target: { files: [png()] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.respond(415, { error: MEDIA_MESSAGES.svg }));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.svg);
    expect(field.value).toBe('');
  });

  it('cancels an upload, keeps a typed address working, and removes the image with "Remove"', async () => {
    const { uploads, fileInput } = renderEdit();
    const field = (await screen.findByLabelText('Card Image URL')) as HTMLInputElement;
    fireEvent.change(fileInput('cardImageUrl'), { target: { files: [png()] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(uploads[0]!.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(field, { target: { value: 'https://images.example/card.jpg' } });
    expect(screen.getByRole('img', { name: 'Preview of the card image' }).getAttribute('src')).toBe(
      'https://images.example/card.jpg',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Card Image' }));
    expect(field.value).toBe('');
    expect(screen.queryByRole('img', { name: 'Preview of the card image' })).toBeNull();
  });
});
