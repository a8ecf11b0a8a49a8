import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fastActionBonus, ritualBonuses, ritualNights } from '@sleep-ritual/contracts/demo-programme';

/**
 * The demo programme's audio: a calm synthesised soundscape per night, as long as the night, made here
 * rather than downloaded or committed, so listen mode works on a fresh machine with no internet.
 *
 * Each track is a low chord (root, fifth, octave, twelfth) whose voices swell and fade on slow,
 * unrelated cycles, over soft low-passed noise that rises and falls at a breathing pace slowing from
 * 10 s to 14 s a breath. Like a guided track between phrases, it falls silent for a few seconds at
 * every whole minute (see demoPauses): the quiet moments a sleep timer that cannot fade pauses in. It is a mono 8 kHz, 8-bit PCM WAV (8 kB a second): every browser plays it
 * and takes byte ranges of it, and no pure-JavaScript encoder of a compressed format is fast enough
 * here (an MP3 encoder managed 16 times real time: minutes for the six nights, where this takes a few
 * seconds). The six nights come to about 50 MB, written once into `<MEDIA_DIR>/demo/` (git-ignored)
 * and served under /media/demo/.
 */

const SAMPLE_RATE = 8_000;
const HEADER_BYTES = 44;
/** Bump when the sound changes, so files written by an older generator are made again. */
const GENERATOR_VERSION = '2';
const STAMP_FILE = '.generator-version';
const DEMO_FOLDER = 'demo';

export type DemoTrack = {
  /** The file below `<MEDIA_DIR>/demo/`. */
  fileName: string;
  seconds: number;
  /** The chord's root in Hz: each night has its own. */
  rootHz: number;
};

const ROOTS_HZ = [110, 98, 116.54, 103.83, 92.5, 87.31];

/** One track per night of the demo programme, of the night's length. */
export const demoNightTracks: readonly DemoTrack[] = ritualNights.map((night, index) => ({
  fileName: `night-${index + 1}.wav`,
  seconds: night.durationMinutes * 60,
  rootHz: ROOTS_HZ[index % ROOTS_HZ.length] ?? 110,
}));

/**
 * A track for each bonus sold as one to listen to (a written guide has none), by its place in
 * ritualBonuses, and for the fast-action bonus: listen mode, the sleep timer and saving for offline work
 * for them as for the nights.
 */
export const demoBonusTracks: readonly (DemoTrack | undefined)[] = ritualBonuses.map((bonus, index) =>
  bonus.guide
    ? undefined
    : { fileName: `bonus-${index + 1}.wav`, seconds: bonus.durationMinutes * 60, rootHz: 123.47 - index * 4 },
);
export const demoFastActionTrack: DemoTrack = {
  fileName: 'fast-action-bonus.wav',
  seconds: fastActionBonus.durationMinutes * 60,
  rootHz: 82.41,
};

/** Every demo track: the nights', the bonuses', the fast-action bonus's. */
export const demoTracks: readonly DemoTrack[] = [
  ...demoNightTracks,
  ...demoBonusTracks.filter((track) => track !== undefined),
  demoFastActionTrack,
];

/** A silent pause of PAUSE_SECONDS starts at every whole minute, ramped over PAUSE_RAMP_SECONDS. */
const PAUSE_EVERY_SECONDS = 60;
const PAUSE_SECONDS = 5;
const PAUSE_RAMP_SECONDS = 0.5;

/**
 * Where a track falls silent, as [start, end] in seconds: from each whole minute for 5 s, except near
 * the end (the track's own fade-out). The quiet-span finder hears slightly less (the ramps).
 */
export function demoPauses(track: Pick<DemoTrack, 'seconds'>): [number, number][] {
  const pauses: [number, number][] = [];
  for (
    let start = PAUSE_EVERY_SECONDS;
    start + PAUSE_SECONDS < track.seconds - 20;
    start += PAUSE_EVERY_SECONDS
  ) {
    pauses.push([start, start + PAUSE_SECONDS]);
  }
  return pauses;
}

/** How loud the track is at `seconds` given its pauses: 0 inside one, ramped at its edges, else 1. */
function pauseGain(pauses: readonly [number, number][], seconds: number): number {
  for (const [start, end] of pauses) {
    if (seconds < start || seconds >= end) continue;
    const down = 1 - (seconds - start) / PAUSE_RAMP_SECONDS;
    const up = (seconds - (end - PAUSE_RAMP_SECONDS)) / PAUSE_RAMP_SECONDS;
    return Math.min(1, Math.max(0, down, up));
  }
  return 1;
}

/** Where the browser finds a track: the gateway and nginx serve MEDIA_DIR under /media/. */
export function demoAudioUrl(track: DemoTrack): string {
  return `/media/${DEMO_FOLDER}/${track.fileName}`;
}

const fileBytes = (track: DemoTrack) => HEADER_BYTES + track.seconds * SAMPLE_RATE;

/**
 * Writes each track that is missing (or cut short, or made by an older generator) into
 * `<mediaDir>/demo/`; a complete one is left alone, so this costs nothing after the first start. Each
 * file is written under a temporary name and renamed, so two processes starting at once never serve
 * half a file. Answers the files it wrote.
 */
export async function ensureDemoAudio(
  mediaDir: string,
  tracks: readonly DemoTrack[] = demoTracks,
): Promise<string[]> {
  const folder = path.join(mediaDir, DEMO_FOLDER);
  await mkdir(folder, { recursive: true });
  const stamp = path.join(folder, STAMP_FILE);
  const current = (await readFile(stamp, 'utf8').catch(() => '')) === GENERATOR_VERSION;
  const written: string[] = [];
  for (const track of tracks) {
    const file = path.join(folder, track.fileName);
    const size = await stat(file).then(
      (info) => info.size,
      () => -1,
    );
    if (current && size === fileBytes(track)) continue;
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, renderTrack(track));
    await rename(temporary, file);
    written.push(file);
  }
  if (!current) await writeFile(stamp, GENERATOR_VERSION);
  return written;
}

/** The whole WAV file of a track. Deterministic: the same track always gives the same bytes. */
export function renderTrack(track: DemoTrack): Buffer {
  const samples = track.seconds * SAMPLE_RATE;
  const out = Buffer.allocUnsafe(HEADER_BYTES + samples);
  writeWavHeader(out, samples);

  const voices = [
    { ratio: 1, level: 0.22, period: 23, offset: 0 },
    { ratio: 1.5, level: 0.14, period: 31, offset: 1.7 },
    { ratio: 2, level: 0.1, period: 37, offset: 3.1 },
    { ratio: 3, level: 0.05, period: 41, offset: 4.4 },
  ];
  // Each voice is a phasor turned by a fixed step every sample (no Math.sin per sample). Plain typed
  // arrays and int32 arithmetic keep the loop fast in every call, not only the first.
  const count = voices.length;
  const stepCos = new Float64Array(count);
  const stepSin = new Float64Array(count);
  const re = new Float64Array(count).fill(1);
  const im = new Float64Array(count);
  const gain = new Float64Array(count);
  for (const [voice, { ratio }] of voices.entries()) {
    const step = (2 * Math.PI * track.rootHz * ratio) / SAMPLE_RATE;
    stepCos[voice] = Math.cos(step);
    stepSin[voice] = Math.sin(step);
  }

  let random = Math.round(track.rootHz * 1000) | 1;
  let low1 = 0;
  let low2 = 0;
  // A one-pole low-pass at about 350 Hz, twice: a soft, distant surf rather than a hiss.
  const smoothing = 1 - Math.exp((-2 * Math.PI * 350) / SAMPLE_RATE);
  const fadeIn = 8 * SAMPLE_RATE;
  const fadeOut = 15 * SAMPLE_RATE;
  const block = SAMPLE_RATE / 100;
  let breathPhase = 0;
  const pauses = demoPauses(track);

  for (let start = 0; start < samples; start += block) {
    // Slow controls change every 10 ms: the voices' swells, the breathing noise, the fades.
    const seconds = start / SAMPLE_RATE;
    for (const [voice, { level, period, offset }] of voices.entries()) {
      gain[voice] = level * (0.6 + 0.4 * Math.sin((2 * Math.PI * seconds) / period + offset));
      // Keep each phasor on the unit circle despite rounding (the typed arrays hold `count` voices).
      const phaseRe = re[voice] ?? 1;
      const phaseIm = im[voice] ?? 0;
      const norm = 1 / Math.hypot(phaseRe, phaseIm);
      re[voice] = phaseRe * norm;
      im[voice] = phaseIm * norm;
    }
    const breathSeconds = 10 + (4 * start) / samples;
    breathPhase += (2 * Math.PI * 0.01) / breathSeconds;
    const swell = 2.2 * (0.08 + 0.27 * (0.5 - 0.5 * Math.cos(breathPhase)));
    const master =
      127 *
      pauseGain(pauses, seconds) *
      Math.max(0, Math.min(1, start / fadeIn, (samples - start) / fadeOut));

    const end = Math.min(start + block, samples);
    for (let index = start; index < end; index += 1) {
      let value = 0;
      for (let voice = 0; voice < count; voice += 1) {
        // Every index is below `count`, the typed arrays' length: the defaults are never taken.
        const phaseRe = re[voice] ?? 1;
        const phaseIm = im[voice] ?? 0;
        const cos = stepCos[voice] ?? 1;
        const sin = stepSin[voice] ?? 0;
        const nextRe = phaseRe * cos - phaseIm * sin;
        const nextIm = phaseRe * sin + phaseIm * cos;
        re[voice] = nextRe;
        im[voice] = nextIm;
        value += (gain[voice] ?? 0) * nextIm;
      }
      // xorshift32 on int32s: deterministic noise, the same bytes on every machine.
      random ^= random << 13;
      random ^= random >> 17;
      random ^= random << 5;
      low1 += smoothing * (random / 2_147_483_648 - low1);
      low2 += smoothing * (low1 - low2);
      value += swell * low2;

      const sample = Math.round(128 + master * value);
      out[HEADER_BYTES + index] = sample < 0 ? 0 : sample > 255 ? 255 : sample;
    }
  }
  return out;
}

/** RIFF/WAVE, PCM (format 1), mono, 8 kHz, unsigned 8-bit. */
function writeWavHeader(out: Buffer, samples: number): void {
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(SAMPLE_RATE, 24);
  out.writeUInt32LE(SAMPLE_RATE, 28);
  out.writeUInt16LE(1, 32);
  out.writeUInt16LE(8, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples, 40);
}

/** Seconds per cue of a demo transcript: short enough that the panel visibly follows the sound. */
const TRANSCRIPT_CUE_SECONDS = 10;

const vttTime = (seconds: number) => {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(secs)}.000`;
};

/**
 * A WebVTT transcript of a demo track that says honestly what it is: generated tones and noise, no
 * voice. Its cues describe the sound as renderTrack makes it (the chord's voices swelling and fading,
 * the noise rising and falling at a slow breathing pace), ten seconds each, for the whole track.
 */
export function demoTranscript(track: DemoTrack): string {
  const described = [
    `[A low chord hums: ${track.rootHz} Hz with its fifth, octave and twelfth]`,
    '[Soft noise rises, like a slow breath in]',
    '[The noise falls away, like a slow breath out]',
    '[The chord swells a little, then softens]',
    '[Soft noise rises and falls, slower now]',
    '[A higher voice of the chord fades in and out]',
  ];
  const cues = [
    `00:00:00.000 --> ${vttTime(TRANSCRIPT_CUE_SECONDS)}\n[Demo audio: generated tones and noise. There is no voice in this track.]`,
  ];
  let n = 0;
  for (let start = TRANSCRIPT_CUE_SECONDS; start < track.seconds; start += TRANSCRIPT_CUE_SECONDS) {
    const end = Math.min(start + TRANSCRIPT_CUE_SECONDS, track.seconds);
    const last = end === track.seconds;
    cues.push(
      `${vttTime(start)} --> ${vttTime(end)}\n${last ? '[The sound fades to silence]' : described[n % described.length]}`,
    );
    n += 1;
  }
  return `WEBVTT - Demo night (generated sound, no voice)\n\n${cues.join('\n\n')}\n`;
}
