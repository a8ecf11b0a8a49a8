import { queryOptions, useQuery } from '@tanstack/react-query';
import { vimeoDetailsSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

/** GET /api/admin/vimeo?url=…: the title, length and thumbnail Vimeo gives for the video. */
export const getVimeoDetails = (url: string) =>
  api.get(vimeoDetailsSchema, `/api/admin/vimeo?${new URLSearchParams({ url })}`);

/** A video's details do not change while the form is open; a failed look-up is not retried by itself. */
export const vimeoDetailsQueryOptions = (url: string) =>
  queryOptions({
    queryKey: adminKeys.vimeo(url),
    queryFn: () => getVimeoDetails(url),
    staleTime: Infinity,
    retry: false,
  });

/** Looks the video up once `url` is a link to one Vimeo video (null until then). */
export function useVimeoDetails(url: string | null) {
  return useQuery({ ...vimeoDetailsQueryOptions(url ?? ''), enabled: url !== null });
}
