import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi } from '../../../test/render.tsx';
import { TranscriptField } from './TranscriptField.tsx';

afterEach(() => vi.unstubAllGlobals());

const VTT = 'WEBVTT\n\n00:00.000 --> 00:05.000\nRain on the roof.\n';

describe("the class form's transcript", () => {
  it('says a chosen file is not saved until "Save transcript" stores it', async () => {
    const { calls } = stubApi({
      'GET /api/admin/classes/5/transcript': { status: 404, body: { error: 'No transcript' } },
      'PUT /api/admin/classes/5/transcript': { status: 200, body: { cues: 1 } },
    });
    renderAt('/admin', '/admin', <TranscriptField classId={5} />);
    const input = await screen.findByLabelText('Transcript (WebVTT)');
    fireEvent.change(input, { target: { files: [new File([VTT], 'night.vtt', { type: 'text/vtt' })] } });
    expect(await screen.findByText(/Not saved yet: press .Save transcript. to store it\./)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save transcript' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByText(/Not saved yet/)).toBeNull());
  });
});
