import type { QuietSpan } from '@sleep-ritual/contracts/catalog';

/**
 * The quiet moments of a track, where a sleep timer that cannot fade (iOS ignores an audio element's
 * volume) may pause without cutting a word: spans where the sound stays below a level for a while.
 * Pure functions over PCM: `decodeWav` reads the WAV files the demo seed writes and admins upload,
 * `findQuietSpans` measures loudness in short windows.
 */

export type Pcm = {
  sampleRate: number;
  /** Mono samples from -1 to 1 (channels averaged). */
  samples: Float32Array;
};

/**
 * The samples of a PCM WAV file (format 1, unsigned 8-bit or signed 16-bit, any channel count), or
 * null for anything else (a compressed track, a float WAV): those get no quiet spans.
 */
export function decodeWav(file: Uint8Array): Pcm | null {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const ascii = (at: number) => String.fromCharCode(...file.subarray(at, at + 4));
  if (file.byteLength < 12 || ascii(0) !== 'RIFF' || ascii(8) !== 'WAVE') return null;
  let format: { channels: number; sampleRate: number; bits: number } | null = null;
  let at = 12;
  while (at + 8 <= file.byteLength) {
    const id = ascii(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ' && size >= 16) {
      if (view.getUint16(body, true) !== 1) return null;
      format = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format || format.channels < 1 || (format.bits !== 8 && format.bits !== 16)) return null;
      const width = format.bits / 8;
      const frameBytes = width * format.channels;
      const available = Math.min(size, file.byteLength - body);
      const frames = Math.floor(available / frameBytes);
      const samples = new Float32Array(frames);
      for (let frame = 0; frame < frames; frame += 1) {
        let sum = 0;
        for (let channel = 0; channel < format.channels; channel += 1) {
          const offset = body + frame * frameBytes + channel * width;
          sum += width === 1 ? (view.getUint8(offset) - 128) / 128 : view.getInt16(offset, true) / 32_768;
        }
        samples[frame] = sum / format.channels;
      }
      return { sampleRate: format.sampleRate, samples };
    }
    // Chunks are padded to an even length.
    at = body + size + (size % 2);
  }
  return null;
}

export type QuietSpanOptions = {
  /** Loudness (RMS, 0 to 1) at or below which a window counts as quiet: about -40 dBFS. */
  threshold?: number;
  /** The shortest quiet stretch worth pausing in, in seconds. */
  minSeconds?: number;
  /** The loudness window, in seconds. */
  windowSeconds?: number;
};

/**
 * Spans of at least `minSeconds` whose every window is at or below `threshold`, as [start, end] in
 * seconds (rounded to tenths, inward, so a pause inside one never lands on sound), in order.
 */
export function findQuietSpans(pcm: Pcm, options: QuietSpanOptions = {}): QuietSpan[] {
  const { threshold = 0.01, minSeconds = 1.5, windowSeconds = 0.1 } = options;
  const windowSize = Math.max(1, Math.round(pcm.sampleRate * windowSeconds));
  const windows = Math.floor(pcm.samples.length / windowSize);
  const spans: QuietSpan[] = [];
  let quietFrom: number | null = null;
  const close = (endWindow: number) => {
    if (quietFrom === null) return;
    const start = Math.ceil(((quietFrom * windowSize) / pcm.sampleRate) * 10) / 10;
    const end = Math.floor(((endWindow * windowSize) / pcm.sampleRate) * 10) / 10;
    if (end - start >= minSeconds) spans.push([start, end]);
    quietFrom = null;
  };
  for (let window = 0; window < windows; window += 1) {
    let energy = 0;
    const from = window * windowSize;
    for (let index = from; index < from + windowSize; index += 1) energy += (pcm.samples[index] ?? 0) ** 2;
    const quiet = Math.sqrt(energy / windowSize) <= threshold;
    if (quiet && quietFrom === null) quietFrom = window;
    else if (!quiet) close(window);
  }
  close(windows);
  return spans;
}

/** The quiet spans of a WAV file; empty for a file that is not PCM WAV. */
export function quietSpansOfWav(file: Uint8Array): QuietSpan[] {
  const pcm = decodeWav(file);
  return pcm ? findQuietSpans(pcm) : [];
}
