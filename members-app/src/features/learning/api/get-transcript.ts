import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseWebVtt, type VttCue } from '@sleep-ritual/contracts/webvtt';
import { api } from '../../../lib/api-client.ts';
import { CLASS_DETAILS_GC_MS, CLASS_DETAILS_STALE_MS } from './get-class-details.ts';
import { learningKeys } from './keys.ts';

/** GET {transcriptUrl}: a class's WebVTT transcript, read into its cues (none when it does not parse). */
export async function getTranscript(url: string): Promise<VttCue[]> {
  const parsed = parseWebVtt(await api.text(url));
  return parsed.ok ? parsed.cues : [];
}

export const transcriptQueryOptions = (url: string) =>
  queryOptions({
    queryKey: learningKeys.transcript(url),
    queryFn: () => getTranscript(url),
    staleTime: CLASS_DETAILS_STALE_MS,
    gcTime: CLASS_DETAILS_GC_MS,
  });

export function useTranscript(url: string | null) {
  return useQuery({ ...transcriptQueryOptions(url ?? ''), enabled: url !== null });
}
