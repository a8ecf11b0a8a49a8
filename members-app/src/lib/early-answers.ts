/**
 * GETs that the entry (main.tsx) sends before the app's own code has arrived. The app's first call to
 * each address takes the answer on its way instead of asking again (api-client.ts); whatever the first
 * render has not taken is dropped then, so that no later call gets an old answer.
 */
const early = new Map<string, Promise<Response>>();

/** Sends a GET for `url` now (once), with the session cookie, as api-client.ts would. */
export function startEarly(url: string): Promise<Response> {
  let answer = early.get(url);
  if (!answer) {
    answer = fetch(url, { credentials: 'include' });
    // Offline, the call fails: the app's call that takes it hears so; nobody else needs to.
    answer.catch(() => undefined);
    early.set(url, answer);
  }
  return answer;
}

/** The answer to an early GET for `url`, for the first caller only; undefined when none left. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const answer = early.get(url);
  early.delete(url);
  return answer;
}

/** Drops what nobody took: from now on every call asks the server. */
export function dropEarly(): void {
  early.clear();
}
