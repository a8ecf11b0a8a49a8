import { z } from 'zod';

/**
 * WebVTT, as the W3C spec's parser reads it, strictly enough to refuse what a player would misread: the
 * `WEBVTT` signature, then blocks separated by blank lines; a cue is an optional identifier, its timing
 * line (`[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt [settings]`, the end after the start) and its text. NOTE,
 * STYLE and REGION blocks are allowed and skipped. Shared by the admin form's preview and the service.
 */

export type VttCue = { id: string | null; start: number; end: number; text: string };
export type VttResult = { ok: true; cues: VttCue[] } | { ok: false; line: number; error: string };

/** The largest transcript the service stores. */
export const TRANSCRIPT_MAX_BYTES = 1024 * 1024;
export const TRANSCRIPT_MESSAGES = {
  notVtt: 'Send the transcript as WebVTT text (Content-Type: text/vtt).',
  tooLarge: 'The transcript is larger than 1 MB.',
  notUtf8: 'The transcript is not UTF-8 text.',
  encoding: 'Send the transcript as it is, or compressed with gzip, deflate or br.',
  none: 'This class has no transcript.',
} as const;

const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function seconds(text: string): number | undefined {
  const match = TIMESTAMP.exec(text);
  if (!match) return undefined;
  const [, hours, minutes, secs, millis] = match;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}

const TIMING_HINT = 'a cue timing is "start --> end", as 00:01.000 --> 00:04.000';

/** The cue timing of a line, or why it is not one. */
function timing(line: string): { start: number; end: number } | string {
  const [left, right] = line.split('-->');
  const startText = left?.trim() ?? '';
  const endText = right?.trim().split(/[ \t]+/)[0] ?? '';
  const start = seconds(startText);
  if (start === undefined) return `"${startText}" is not a start time (${TIMING_HINT})`;
  const end = seconds(endText);
  if (end === undefined) return `"${endText}" is not an end time (${TIMING_HINT})`;
  if (end <= start) return `the cue ends (${endText}) before it starts (${startText})`;
  return { start, end };
}

export function parseWebVtt(input: string): VttResult {
  const lines = input.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const fail = (index: number, error: string): VttResult => ({ ok: false, line: index + 1, error });
  if (!/^WEBVTT(?:$|[ \t])/.test(lines[0] ?? ''))
    return fail(0, 'a WebVTT file starts with the line "WEBVTT"');

  let index = 1;
  // The header runs to the first blank line.
  for (let line = lines[index]; line !== undefined && line !== ''; line = lines[index]) {
    if (line.includes('-->'))
      return fail(index, 'leave a blank line between the "WEBVTT" line and the first cue');
    index += 1;
  }
  const cues: VttCue[] = [];
  let previousStart = 0;
  for (let first = lines[index]; first !== undefined; first = lines[index]) {
    if (first === '') {
      index += 1;
      continue;
    }
    if (/^(NOTE|STYLE|REGION)(?:$|[ \t])/.test(first) && !first.includes('-->')) {
      if (cues.length > 0 && !first.startsWith('NOTE'))
        return fail(index, `a ${first.split(/[ \t]/)[0]} block must come before the first cue`);
      while (index < lines.length && lines[index] !== '') index += 1;
      continue;
    }
    let id: string | null = null;
    let timingIndex = index;
    if (!first.includes('-->')) {
      id = first;
      timingIndex = index + 1;
    }
    const timingLine = lines[timingIndex];
    if (timingLine === undefined || !timingLine.includes('-->'))
      return fail(
        timingIndex < lines.length ? timingIndex : index,
        `expected a cue timing after "${first}": ${TIMING_HINT}`,
      );
    const parsed = timing(timingLine);
    if (typeof parsed === 'string') return fail(timingIndex, parsed);
    if (parsed.start < previousStart) return fail(timingIndex, 'cues must be in order of their start times');
    previousStart = parsed.start;
    index = timingIndex + 1;
    const text: string[] = [];
    for (let line = lines[index]; line !== undefined && line !== ''; line = lines[index]) {
      if (line.includes('-->'))
        return fail(index, 'a cue\'s text cannot contain "-->" (leave a blank line before the next cue)');
      text.push(line);
      index += 1;
    }
    cues.push({ id, start: parsed.start, end: parsed.end, text: text.join('\n') });
  }
  return { ok: true, cues };
}

/** The words of a cue, without WebVTT's tags (<v Speaker>, <i>, timestamps) and with its entities read. */
export function cuePlainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** The answer of PUT /api/admin/classes/{id}/transcript: how many cues were stored. */
export const transcriptSavedSchema = z.object({ cues: z.number().int() });
/** The answer of DELETE /api/admin/classes/{id}/transcript: 204, no body. */
export const transcriptDeletedSchema = z.undefined();
