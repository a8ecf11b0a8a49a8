import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ritualNights } from '@sleep-ritual/contracts/demo-programme';
import { demoAudioUrl, demoNightTracks, ensureDemoAudio, renderTrack } from '../src/media/demo-audio.ts';

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
