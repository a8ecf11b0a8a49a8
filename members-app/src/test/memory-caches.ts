/** Cache Storage as far as the page uses it, kept in memory. */
export class MemoryCaches {
  readonly stores = new Map<string, Map<string, Response>>();
  async open(name: string) {
    let store = this.stores.get(name);
    if (!store) this.stores.set(name, (store = new Map()));
    const entries = store;
    const key = (request: RequestInfo | URL) =>
      new URL(
        typeof request === 'string' || request instanceof URL ? request : request.url,
        globalThis.location?.origin,
      ).href;
    return {
      match: async (request: RequestInfo | URL) => entries.get(key(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => void entries.set(key(request), response),
      delete: async (request: RequestInfo | URL) => entries.delete(key(request)),
      keys: async () => [...entries.keys()].map((url) => ({ url })),
    };
  }
  async has(name: string) {
    return this.stores.has(name);
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
}
