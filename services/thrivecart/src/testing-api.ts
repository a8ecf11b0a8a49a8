import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for ThriveCart's API (`GET /transactions`), answering the way its published examples
 * do: Bearer token required, `X-TC-Mode` choosing live or test, newest first, `page`/`perPage` paging and
 * `meta.total`. It records every request, so tests can check headers, paging and pacing; `onRequest`,
 * when set, sees each request before it is answered (to make a transaction happen in the middle of a run).
 */
export type FakeTransaction = {
  mode: 'live' | 'test';
  event_id: string;
  timestamp: number;
  transaction_type: 'charge' | 'refund' | 'cancel' | 'rebill';
  item_type: string;
  item_id: number;
  amount: number;
  order_id: string;
  invoice_id: string;
  customer: { name: string; email: string };
  reference?: string;
};

export type FakeRequest = {
  at: number;
  mode: string | null;
  type: string | null;
  page: number;
  auth: string | null;
};

export async function startFakeThrivecartApi(apiKey: string) {
  const transactions: FakeTransaction[] = [];
  const requests: FakeRequest[] = [];
  const hooks: { onRequest?: (request: FakeRequest) => void } = {};
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const auth = req.headers.authorization ?? null;
    const mode = (req.headers['x-tc-mode'] as string | undefined) ?? null;
    const type = url.searchParams.get('transactionType');
    const page = Number(url.searchParams.get('page') ?? '1');
    const perPage = Math.min(Number(url.searchParams.get('perPage') ?? '10'), 100);
    const request = { at: Date.now(), mode, type, page, auth };
    requests.push(request);
    hooks.onRequest?.(request);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-thrivecart-account-name': 'sleepritual',
      });
      res.end(JSON.stringify(body));
    };
    if (auth !== `Bearer ${apiKey}`)
      return send(401, { error: 'invalid_token', error_description: 'The access token provided is invalid' });
    if (url.pathname !== '/transactions') return send(404, { error: 'not_found' });
    const matching = transactions
      .filter((t) => (mode === 'test' ? t.mode === 'test' : t.mode === 'live'))
      .filter((t) => type === 'any' || t.transaction_type === type)
      .sort((a, b) => b.timestamp - a.timestamp);
    const slice = matching.slice((page - 1) * perPage, page * perPage).map(({ mode: _mode, ...rest }) => ({
      ...rest,
      base_product: '1',
      date: new Date(rest.timestamp * 1000).toISOString().slice(0, 10),
      time: new Date(rest.timestamp * 1000).toISOString().slice(0, 19).replace('T', ' '),
      currency: 'USD',
      processor: 'stripe',
    }));
    return send(200, { transactions: slice, meta: { total: matching.length, results: slice.length } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    transactions,
    requests,
    hooks,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
