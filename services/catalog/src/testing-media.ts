import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/**
 * Real files for upload tests: images made by sharp, audio written byte by byte (silence), so every
 * test knows exactly what it sent.
 */

/** A PNG of the given size; `noise` makes it incompressible (a larger file for the same size). */
export async function pngImage(width: number, height: number, options: { noise?: boolean } = {}) {
  if (options.noise) {
    const pixels = randomBytes(width * height * 3);
    return sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
  }
  return sharp({ create: { width, height, channels: 3, background: '#1b2440' } })
    .png()
    .toBuffer();
}

/** A JPEG of the given size. */
export async function jpegImage(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a2f6b' } })
    .jpeg()
    .toBuffer();
}

/**
 * A mono 16-bit PCM WAV, `seconds` long at `sampleRate` samples a second: silence, or with `tone` a
 * 220 Hz tone at half scale that falls silent over each [start, end) second range of `tone.gaps`.
 */
export function wavAudio(seconds: number, sampleRate = 8000, tone?: { gaps: [number, number][] }): Buffer {
  const data = Buffer.alloc(Math.round(seconds * sampleRate) * 2);
  if (tone) {
    for (let index = 0; index < data.length / 2; index += 1) {
      const time = index / sampleRate;
      if (tone.gaps.some(([start, end]) => time >= start && time < end)) continue;
      data.writeInt16LE(Math.round(16_000 * Math.sin(2 * Math.PI * 220 * time)), index * 2);
    }
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** An MP3 of silent frames (MPEG-1 layer III, 128 kb/s, 44.1 kHz): about 26 ms a frame. */
export function mp3Audio(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** An SVG image, which carries script and is never accepted. */
export const svgImage = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
