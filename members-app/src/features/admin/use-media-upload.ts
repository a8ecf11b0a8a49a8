import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage, type UploadProgress } from '../../lib/api-client.ts';

type Send<Answer> = (
  file: File,
  options: { onProgress: UploadProgress; signal: AbortSignal },
) => Promise<Answer>;

const UNREACHABLE = 'The upload could not reach the server. Check the connection and try again.';
const FAILED = 'The upload failed. Please try again.';

/**
 * One field's upload: its progress (0 to 1, null when none runs), the reason of the last failure, and
 * cancel. Leaving the screen cancels an upload still running.
 */
export function useMediaUpload<Answer>(send: Send<Answer>) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => running.current?.abort(), []);

  async function start(file: File): Promise<Answer | undefined> {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setError(null);
    setProgress(0);
    try {
      return await send(file, {
        signal: controller.signal,
        onProgress: (sent, total) => setProgress(total > 0 ? sent / total : 0),
      });
    } catch (failure) {
      if (!(failure instanceof DOMException && failure.name === 'AbortError')) {
        setError(
          failure instanceof ApiError && failure.status === 0 ? UNREACHABLE : errorMessage(failure, FAILED),
        );
      }
      return undefined;
    } finally {
      if (running.current === controller) {
        running.current = undefined;
        setProgress(null);
      }
    }
  }

  return {
    start,
    progress,
    busy: progress !== null,
    error,
    /** Shows a refusal found before sending (a file too large), as an upload failure would show. */
    refuse: (message: string) => setError(message),
    cancel: () => running.current?.abort(),
  };
}
