/** Set while a page reload after a failed start is on its way: a second failure shows the message. */
const RELOADED_KEY = 'sleep-ritual:reloaded-after-load-failure';

/**
 * The app's code could not load (main.tsx): a dropped connection, or a new release that replaced the
 * files this page names. The page reloads once, which fetches the release's own page; if the app still
 * cannot load, "Loading..." gives way to what happened and a way to try again.
 */
export function showLoadFailure(reload = () => window.location.reload()): void {
  try {
    if (sessionStorage.getItem(RELOADED_KEY) !== '1' && navigator.onLine) {
      sessionStorage.setItem(RELOADED_KEY, '1');
      reload();
      return;
    }
    sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // No storage: no automatic reload either, only the message.
  }
  const root = document.getElementById('root');
  if (!root) return;
  // As the StatusMessage component would show it; React has not loaded.
  const message = document.createElement('section');
  message.className = 'status-message';
  message.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.textContent = 'Something went wrong';
  const text = document.createElement('p');
  text.textContent = navigator.onLine
    ? "We couldn't load the app. Please reload the page."
    : "We couldn't load the app while you're offline. Please reload the page once you're connected.";
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-primary';
  button.textContent = 'Reload';
  button.addEventListener('click', () => reload());
  message.append(title, text, button);
  root.replaceChildren(message);
}

/** The app has started: a later failure may reload once again. */
export function forgetLoadFailure(): void {
  try {
    sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // nothing stored
  }
}
