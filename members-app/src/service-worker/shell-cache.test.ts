// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheFirst, cacheName, handlingOf, networkFirst, staleCaches } from './shell-cache.ts';

const origin = 'https://app.example';
const shell = { filesPrefix: '/app/', scriptUrl: '/app/sw.js' };

function request(path: string, init: { method?: string; mode?: RequestMode; origin?: string } = {}) {
  return { method: init.method ?? 'GET', mode: init.mode ?? 'cors', url: `${init.origin ?? origin}${path}` };
}

describe('which requests the service worker answers', () => {
  it("answers navigations to the app's routes, deep links included, with the shell", () => {
    for (const path of ['/my-programs', '/program/1/path/2/class/3', '/account', '/sign-in?next=/x']) {
      expect(handlingOf(request(path, { mode: 'navigate' }), origin, shell), path).toBe('shell');
    }
  });

  it("leaves a navigation to an unknown path under the app's routes to the network, which answers 404", () => {
    for (const path of ['/programs', '/account/settings', '/program/abc', '/my-programs/3']) {
      expect(handlingOf(request(path, { mode: 'navigate' }), origin, shell), path).toBe('network');
    }
  });

  it('leaves the sales pages, the API and media to the network, navigations or not', () => {
    for (const path of ['/', '/terms', '/join-now', '/api/user', '/api/progress/3', '/media/night-1.mp3']) {
      expect(handlingOf(request(path, { mode: 'navigate' }), origin, shell), path).toBe('network');
      expect(handlingOf(request(path), origin, shell), path).toBe('network');
    }
  });

  it('answers the built files from the cache, but never its own script', () => {
    expect(handlingOf(request('/app/assets/index-abc.js'), origin, shell)).toBe('app-file');
    expect(handlingOf(request('/app/icons/icon-192.png'), origin, shell)).toBe('app-file');
    expect(handlingOf(request('/app/sw.js'), origin, shell)).toBe('network');
  });

  it('leaves writes and other origins alone', () => {
    expect(handlingOf(request('/api/progress/3', { method: 'POST' }), origin, shell)).toBe('network');
    expect(handlingOf(request('/app/assets/index-abc.js', { method: 'HEAD' }), origin, shell)).toBe(
      'network',
    );
    expect(handlingOf(request('/app/assets/x.js', { origin: 'https://cdn.example' }), origin, shell)).toBe(
      'network',
    );
    expect(
      handlingOf(
        request('/my-programs', { mode: 'navigate', origin: 'https://other.example' }),
        origin,
        shell,
      ),
    ).toBe('network');
  });
});

describe('old versions', () => {
  it("are this worker's caches of another version; other caches of the origin are left alone", () => {
    const current = cacheName({ version: 'b' });
    expect(staleCaches([cacheName({ version: 'a' }), current, 'someone-else'], current)).toEqual([
      cacheName({ version: 'a' }),
    ]);
  });
});

describe('a navigation', () => {
  afterEach(() => vi.useRealTimers());
  const page = (body: string, status = 200) => new Response(body, { status });
  const cachedShell = async () => page('cached shell');

  it("is the network's page when it answers in time", async () => {
    const answer = await networkFirst(Promise.resolve(page('fresh')), cachedShell, 3_000);
    expect(await answer.text()).toBe('fresh');
  });

  it('is the cached shell when the network fails or the server errs', async () => {
    const offline = await networkFirst(Promise.reject(new TypeError('Failed to fetch')), cachedShell, 3_000);
    expect(await offline.text()).toBe('cached shell');
    const broken = await networkFirst(Promise.resolve(page('bad gateway', 502)), cachedShell, 3_000);
    expect(await broken.text()).toBe('cached shell');
  });

  it('is the cached shell when the network is slower than the timeout', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => {};
    const slow = new Promise<Response>((resolve) => (answer = resolve));
    const result = networkFirst(slow, cachedShell, 3_000);
    await vi.advanceTimersByTimeAsync(2_999);
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await (await result).text()).toBe('cached shell');
    answer(page('late'));
  });

  it('waits for the network after all when nothing is cached yet, and fails as the network does', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => {};
    const slow = new Promise<Response>((resolve) => (answer = resolve));
    const result = networkFirst(slow, async () => undefined, 3_000);
    await vi.advanceTimersByTimeAsync(5_000);
    answer(page('late'));
    expect(await (await result).text()).toBe('late');
    vi.useRealTimers();

    const failure = new TypeError('Failed to fetch');
    await expect(networkFirst(Promise.reject(failure), async () => undefined, 3_000)).rejects.toBe(failure);
    const broken = await networkFirst(
      Promise.resolve(page('bad gateway', 502)),
      async () => undefined,
      3_000,
    );
    expect(broken.status).toBe(502);
  });
});

describe('a built file', () => {
  function memoryCache() {
    const entries = new Map<string, Response>();
    return {
      entries,
      match: async (request: RequestInfo | URL) => entries.get(new Request(request).url)?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => {
        entries.set(new Request(request).url, response);
      },
    };
  }

  it('comes from the cache without a request when it is there', async () => {
    const cache = memoryCache();
    cache.entries.set(`${origin}/app/assets/a.js`, new Response('cached'));
    const network = vi.fn(async () => new Response('network'));
    const answer = await cacheFirst(new Request(`${origin}/app/assets/a.js`), cache, network);
    expect(await answer.text()).toBe('cached');
    expect(network).not.toHaveBeenCalled();
  });

  it('is fetched once and kept when it is a whole 200; errors and partial answers are not kept', async () => {
    const cache = memoryCache();
    const network = vi.fn(async (request: Request) =>
      request.url.endsWith('/missing.js')
        ? new Response('not found', { status: 404 })
        : request.url.endsWith('/part.png')
          ? new Response('part', { status: 206 })
          : new Response('lazy chunk'),
    );
    for (const path of ['/app/assets/admin.js', '/app/assets/admin.js', '/app/missing.js', '/app/part.png']) {
      await cacheFirst(new Request(`${origin}${path}`), cache, network);
    }
    expect(network).toHaveBeenCalledTimes(3);
    expect([...cache.entries.keys()]).toEqual([`${origin}/app/assets/admin.js`]);
    expect(await (await cache.match(`${origin}/app/assets/admin.js`))!.text()).toBe('lazy chunk');
  });
});
