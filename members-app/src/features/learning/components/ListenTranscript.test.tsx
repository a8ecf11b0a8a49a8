import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { ListenTranscript } from './ListenTranscript.tsx';

const TRANSCRIPT_URL = '/api/classes/5/transcript';
const VTT = [
  'WEBVTT',
  '',
  ...[0, 10, 20, 30, 40].flatMap((start) => [
    `00:${String(start).padStart(2, '0')}.000 --> 00:${String(start + 10).padStart(2, '0')}.000`,
    `Line at ${start}`,
    '',
  ]),
].join('\n');

afterEach(() => vi.unstubAllGlobals());

function renderTranscript(position: number, onSeek = vi.fn()) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(VTT, { headers: { 'Content-Type': 'text/vtt; charset=utf-8' } })),
  );
  renderAt(
    '/',
    '/',
    <ListenTranscript id="transcript" url={TRANSCRIPT_URL} position={position} onSeek={onSeek} />,
  );
  return onSeek;
}

const cue = (start: number) => screen.getByRole('button', { name: new RegExp(`Line at ${start}$`) });
const tabStops = () =>
  within(screen.getByRole('region', { name: 'Transcript' }))
    .getAllByRole('button')
    .filter((button) => button.tabIndex === 0);

describe("listen mode's transcript and the keyboard", () => {
  it('is one stop of the Tab key, at the line being heard', async () => {
    renderTranscript(25);
    await screen.findByRole('list');
    expect(tabStops()).toEqual([cue(20)]);
    expect(cue(20).getAttribute('aria-current')).toBe('true');
  });

  it('in a silence between two lines, is at the line just heard', async () => {
    const gaps = VTT.replace('00:20.000 --> 00:30.000', '00:20.000 --> 00:24.000');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(gaps, { headers: { 'Content-Type': 'text/vtt' } })),
    );
    renderAt(
      '/',
      '/',
      <ListenTranscript id="transcript" url={TRANSCRIPT_URL} position={27} onSeek={vi.fn()} />,
    );
    await screen.findByRole('list');
    expect(tabStops()).toEqual([cue(20)]);
    expect(cue(20).getAttribute('aria-current')).toBeNull();
  });

  it('moves between lines with the arrows, Home and End, and plays from a line with Enter', async () => {
    const onSeek = renderTranscript(25);
    await screen.findByRole('list');
    cue(20).focus();
    fireEvent.keyDown(cue(20), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cue(30));
    expect(tabStops()).toEqual([cue(30)]);
    fireEvent.keyDown(cue(30), { key: 'Home' });
    expect(document.activeElement).toBe(cue(0));
    fireEvent.keyDown(cue(0), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(cue(0));
    fireEvent.keyDown(cue(0), { key: 'End' });
    expect(document.activeElement).toBe(cue(40));
    fireEvent.click(cue(40));
    expect(onSeek).toHaveBeenCalledWith(40);
  });
});
