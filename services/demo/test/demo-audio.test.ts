import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ritualNights } from '@sleep-ritual/contracts/demo-programme';
import { parseWebVtt } from '@sleep-ritual/contracts/webvtt';
import {
  demoAudioUrl,
  demoNightTracks,
  demoPauses,
  demoTranscript,
  ensureDemoAudio,
  renderTrack,
} from '../src/demo-audio.ts';
import { quietSpansOfWav } from '@sleep-ritual/catalog/quiet-spans';

/** The fields of a canonical 44-byte PCM WAV header. */
function wavHeader(file: Buffer) {
  return {
    riff: file.toString('ascii', 0, 4),
    wave: file.toString('ascii', 8, 12),
    format: file.readUInt16LE(20),
    channels: file.readUInt16LE(22),
    sampleRate: file.readUInt32LE(24),
    bitsPerSample: file.readUInt16LE(34),
    dataBytes: file.readUInt32LE(40),
  };
}

/** Root mean square of the 8-bit samples between two times, as a fraction of full scale. */
function loudness(file: Buffer, fromSecond: number, toSecond: number): number {
  let sum = 0;
  const start = 44 + fromSecond * 8000;
  const end = 44 + toSecond * 8000;
  for (let index = start; index < end; index += 1) sum += ((file[index]! - 128) / 127) ** 2;
  return Math.sqrt(sum / (end - start));
}

describe('demo audio', () => {
  it('has one track per night, as long as the night, served under /media/demo/', () => {
    expect(demoNightTracks.map((track) => track.seconds)).toEqual(
      ritualNights.map((night) => night.durationMinutes * 60),
    );
    expect(demoNightTracks.map(demoAudioUrl)).toEqual(
      ritualNights.map((_, index) => `/media/demo/night-${index + 1}.wav`),
    );
  });

  it('has a WebVTT transcript per night that covers the track and says the sound is generated, with no voice', () => {
    for (const track of demoNightTracks) {
      const parsed = parseWebVtt(demoTranscript(track));
      if (!parsed.ok) throw new Error(`line ${parsed.line}: ${parsed.error}`);
      expect(parsed.cues[0]).toMatchObject({
        start: 0,
        text: expect.stringContaining('generated tones and noise'),
      });
      expect(parsed.cues[0]!.text).toContain('no voice');
      expect(parsed.cues.at(-1)).toMatchObject({ end: track.seconds, text: '[The sound fades to silence]' });
      for (const [index, cue] of parsed.cues.entries())
        if (index > 0) expect(cue.start).toBe(parsed.cues[index - 1]!.end);
    }
  });

  it('renders a mono 8 kHz PCM WAV of exactly the track length: a soft start, a calm middle, a fade to silence', () => {
    const track = demoNightTracks.at(-1)!;
    const file = renderTrack(track);
    expect(wavHeader(file)).toEqual({
      riff: 'RIFF',
      wave: 'WAVE',
      format: 1,
      channels: 1,
      sampleRate: 8000,
      bitsPerSample: 8,
      dataBytes: track.seconds * 8000,
    });
    expect(file.length).toBe(44 + track.seconds * 8000);
    const middle = loudness(file, 60, 120);
    expect(middle).toBeGreaterThan(0.05);
    expect(middle).toBeLessThan(0.3);
    expect(loudness(file, 0, 1)).toBeLessThan(middle / 4);
    expect(loudness(file, track.seconds - 1, track.seconds)).toBeLessThan(middle / 10);
    // Deterministic: a second render is byte for byte the same.
    expect(renderTrack(track).equals(file)).toBe(true);
  });

  it('falls silent for 5 s at every whole minute, and the quiet-span finder hears each pause there', () => {
    const track = { fileName: 'short.wav', seconds: 200, rootHz: 110 };
    expect(demoPauses(track)).toEqual([
      [60, 65],
      [120, 125],
    ]);
    const spans = quietSpansOfWav(renderTrack(track));
    expect(spans).toHaveLength(2);
    for (const [index, [start, end]] of spans.entries()) {
      const [pauseStart, pauseEnd] = demoPauses(track)[index]!;
      expect(start).toBeGreaterThanOrEqual(pauseStart);
      expect(end).toBeLessThanOrEqual(pauseEnd);
      expect(end - start).toBeGreaterThan(3);
    }
  });

  it('writes the missing tracks once, and again only when one is cut short', async () => {
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'demo-audio-'));
    const tracks = [
      { fileName: 'night-a.wav', seconds: 20, rootHz: 110 },
      { fileName: 'night-b.wav', seconds: 30, rootHz: 98 },
    ];
    const first = await ensureDemoAudio(mediaDir, tracks);
    expect(first.map((file) => path.basename(file))).toEqual(['night-a.wav', 'night-b.wav']);
    const fileA = path.join(mediaDir, 'demo', 'night-a.wav');
    expect(statSync(fileA).size).toBe(44 + 20 * 8000);
    expect(await ensureDemoAudio(mediaDir, tracks)).toEqual([]);

    writeFileSync(fileA, readFileSync(fileA).subarray(0, 1000));
    const again = await ensureDemoAudio(mediaDir, tracks);
    expect(again.map((file) => path.basename(file))).toEqual(['night-a.wav']);
    expect(statSync(fileA).size).toBe(44 + 20 * 8000);
  });
});
