/**
 * Where the Back button goes when there is no history to go back to: the referrer's path when the
 * referrer is this site and another page, else home. Only a path that starts with a single `/` is
 * taken: `//evil.example/x` (or `/\evil.example`) would be read by the browser as another host.
 */
export function backTarget(referrer: string, here: { origin: string; pathname: string }): string {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return '/';
  }
  if (url.origin !== here.origin || url.pathname === here.pathname) return '/';
  if (!/^\/(?![/\\])/.test(url.pathname)) return '/';
  return `${url.pathname}${url.search}`;
}
