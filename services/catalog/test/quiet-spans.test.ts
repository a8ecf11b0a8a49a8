import { describe, expect, it } from 'vitest';
import { decodeWav, findQuietSpans, quietSpansOfWav } from '../src/domain/quiet-spans.ts';

const RATE = 8000;

/** A 440 Hz tone at half scale, silent over each [start, end) second range given. */
function toneWithGaps(seconds: number, gaps: [number, number][]): Float32Array {
  const samples = new Float32Array(seconds * RATE);
  for (let index = 0; index < samples.length; index += 1) {
    const time = index / RATE;
    const silent = gaps.some(([start, end]) => time >= start && time < end);
    samples[index] = silent ? 0 : 0.5 * Math.sin(2 * Math.PI * 440 * time);
  }
  return samples;
}

/** The samples as a mono 16-bit PCM WAV file, with an extra chunk before the data, as some tools write. */
function wav16(samples: Float32Array): Uint8Array {
  const list = Buffer.from('LIST\u0004\u0000\u0000\u0000INFO', 'latin1');
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, index) => data.writeInt16LE(Math.round(sample * 32_767), index * 2));
  const header = Buffer.alloc(36);
  header.write('RIFF', 0);
  header.writeUInt32LE(28 + list.length + 8 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0);
  dataHeader.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, list, dataHeader, data]);
}

describe('the quiet-span finder', () => {
  it('finds the silent gaps of a tone, and nothing where it sounds', () => {
    const samples = toneWithGaps(30, [
      [5, 8],
      [12.5, 13], // too short to pause in
      [20, 24.5],
    ]);
    expect(findQuietSpans({ sampleRate: RATE, samples })).toEqual([
      [5, 8],
      [20, 24.5],
    ]);
  });

  it('counts a quiet tail, and a soft hum below the threshold as quiet', () => {
    const samples = toneWithGaps(10, [[7, 10]]);
    for (let index = 0; index < 2 * RATE; index += 1) samples[index] = 0.005 * Math.sin(index);
    expect(findQuietSpans({ sampleRate: RATE, samples })).toEqual([
      [0, 2],
      [7, 10],
    ]);
  });

  it('reads the same gaps from a 16-bit WAV file with an extra chunk', () => {
    const file = wav16(toneWithGaps(12, [[3, 6]]));
    const pcm = decodeWav(file);
    expect(pcm?.sampleRate).toBe(RATE);
    expect(pcm?.samples.length).toBe(12 * RATE);
    expect(quietSpansOfWav(file)).toEqual([[3, 6]]);
  });

  it('answers nothing for a file that is not PCM WAV', () => {
    expect(decodeWav(Buffer.from('ID3 not a wav file at all'))).toBeNull();
    expect(quietSpansOfWav(Buffer.alloc(100))).toEqual([]);
  });
});
