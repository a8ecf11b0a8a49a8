import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLoadFailure, showLoadFailure } from './load-failure.ts';

const root = () => document.getElementById('root')!;

describe("when the app's code cannot load", () => {
  afterEach(() => {
    forgetLoadFailure();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('reloads the page once (a new release replaced the files); a second failure says so, with a way to try again', () => {
    document.body.innerHTML = '<div id="root"><p>Loading...</p></div>';
    const reload = vi.fn();
    showLoadFailure(reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(root().textContent).toBe('Loading...');

    showLoadFailure(reload);
    expect(reload).toHaveBeenCalledTimes(1);
    const alert = root().querySelector('[role="alert"]')!;
    expect(alert.querySelector('h1')?.textContent).toBe('Something went wrong');
    expect(alert.textContent).toContain("We couldn't load the app. Please reload the page.");
    alert.querySelector('button')!.click();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('offline, says so at once rather than reload into the same failure', () => {
    document.body.innerHTML = '<div id="root"><p>Loading...</p></div>';
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    showLoadFailure(reload);
    expect(reload).not.toHaveBeenCalled();
    expect(root().textContent).toContain("while you're offline");
  });

  it('once the app has started, a later failure may reload once again', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const reload = vi.fn();
    showLoadFailure(reload);
    forgetLoadFailure();
    showLoadFailure(reload);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
