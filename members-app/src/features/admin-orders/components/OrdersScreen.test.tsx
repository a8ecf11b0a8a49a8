import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MEMBER_MESSAGES, type AdminOrder } from '@sleep-ritual/contracts/admin-members';
import { renderAt, stubApi } from '../../../test/render.tsx';
import { backOffice } from '../../../test/fixtures/back-office.ts';
import { rows } from '../../../test/fixtures/admin.ts';
import { ORDERS_POLL_MS, ordersQueryOptions } from '../api/get-orders.ts';
import { OrdersScreen } from './OrdersScreen.tsx';

afterEach(() => vi.unstubAllGlobals());

const counts = { completed: 1, failed: 1, waiting: 0, active: 0, delayed: 0 };
const failed = backOffice.order({
  jobId: 'order.success-555-cd34',
  orderId: '555',
  status: 'failed',
  products: ['bump-9'],
  result: null,
  error: 'No programme is mapped to bump-9 (order 555)',
});
const provisioned = backOffice.order();
const list = (items: AdminOrder[], fields: Partial<typeof counts> = {}) => ({
  ...backOffice.page(items),
  counts: { ...counts, ...fields },
});

function renderOrders(answers: Parameters<typeof stubApi>[0], url = '/admin/orders') {
  const stub = stubApi({
    'GET /api/admin/programs': { status: 200, body: [rows.program(1, { title: 'Sleep Ritual' })] },
    ...answers,
  });
  const view = renderAt(url, '/admin/orders', <OrdersScreen />);
  return { ...stub, ...view };
}

describe('orders page', () => {
  it('lists each order with its time, event, order id, e-mail, products and what the worker did', async () => {
    renderOrders({ 'GET /api/admin/orders': { status: 200, body: list([failed, provisioned]) } });
    const table = within(await screen.findByRole('table', { name: 'Orders' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Time',
      'Event',
      'Order ID',
      'E-mail',
      'Products',
      'Result',
    ]);
    const done = within(table.getByRole('row', { name: /123456789/ }));
    expect(done.getByText('order.success')).toBeTruthy();
    expect(done.getByText('product-1')).toBeTruthy();
    expect(done.getByRole('link', { name: 'maya@example.com' }).getAttribute('href')).toBe(
      '/admin/members/7',
    );
    expect((await done.findByText(/^Provisioned/)).textContent).toBe('Provisioned: Sleep Ritual');
    const broken = within(table.getByRole('row', { name: /555/ }));
    expect(broken.getByText('Failed')).toBeTruthy();
    expect(broken.getByText('No programme is mapped to bump-9 (order 555)')).toBeTruthy();
    expect(broken.getByRole('button', { name: 'Retry order 555' })).toBeTruthy();
    expect(table.queryByRole('button', { name: 'Retry order 123456789' })).toBeNull();
  });

  it('names no buyer of an order whose member deleted the account, rather than link to nobody', async () => {
    const forgotten = backOffice.order({ jobId: 'order.success-777-ef56', orderId: '777', email: null });
    renderOrders({ 'GET /api/admin/orders': { status: 200, body: list([forgotten, provisioned]) } });
    const table = within(await screen.findByRole('table', { name: 'Orders' }));
    const [, forgottenRow, provisionedRow] = table.getAllByRole('row');
    expect(within(forgottenRow!).queryByRole('link')).toBeNull();
    expect(within(forgottenRow!).getByText('None')).toBeTruthy();
    expect(
      within(provisionedRow!).getByRole('link', { name: provisioned.email! }).getAttribute('href'),
    ).toMatch(/^\/admin\/members\/\d+$/);
  });

  it('links to the queue view of the purchases and emails queues, a page outside the app', async () => {
    renderOrders({ 'GET /api/admin/orders': { status: 200, body: list([provisioned]) } });
    const link = await screen.findByRole('link', { name: 'Queue view' });
    expect(link.getAttribute('href')).toBe('/api/admin/queues');
  });

  it('shows what a payment-plan event did: the plan item and the purchases it updated', async () => {
    const planEvent = backOffice.order({
      jobId: 'order.rebill_failed-777-ef56',
      event: 'order.rebill_failed',
      orderId: '777',
      products: ['upsell-1'],
      result: { action: 'plan-updated', changed: 1 },
    });
    renderOrders({ 'GET /api/admin/orders': { status: 200, body: list([planEvent]) } });
    const row = within(
      within(await screen.findByRole('table', { name: 'Orders' })).getByRole('row', { name: /777/ }),
    );
    expect(row.getByText('order.rebill_failed')).toBeTruthy();
    expect(row.getByText('upsell-1')).toBeTruthy();
    expect(row.getByText(/^Payment plan updated/).textContent).toBe('Payment plan updated: 1 purchase');
  });

  it('retries a failed order, says so and refreshes the list', async () => {
    const answers = {
      'GET /api/admin/orders': { status: 200, body: list([failed, provisioned]) as unknown },
      [`POST /api/admin/orders/${failed.jobId}/retry`]: {
        status: 200,
        body: { ...failed, status: 'waiting', error: null },
      },
    };
    const { calls } = renderOrders(answers);
    const retry = await screen.findByRole('button', { name: 'Retry order 555' });
    answers['GET /api/admin/orders'].body = list(
      [{ ...failed, status: 'completed', error: null, result: provisioned.result }, provisioned],
      { failed: 0, completed: 2 },
    );
    fireEvent.click(retry);
    expect(await screen.findByText('Order queued again', { selector: '.toast-title' })).toBeTruthy();
    expect(await screen.findByRole('row', { name: /555.*Provisioned: Sleep Ritual/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry order 555' })).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/api/admin/orders/${failed.jobId}/retry`,
    ]);
    expect(calls.filter((call) => call.url.startsWith('/api/admin/orders?')).length).toBe(2);
  });

  it('shows why a retry was refused', async () => {
    renderOrders({
      'GET /api/admin/orders': { status: 200, body: list([failed]) },
      [`POST /api/admin/orders/${failed.jobId}/retry`]: {
        status: 409,
        body: { error: ADMIN_MEMBER_MESSAGES.onlyFailedOrdersRetry },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry order 555' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to retry order');
    expect(alert.textContent).toContain(ADMIN_MEMBER_MESSAGES.onlyFailedOrdersRetry);
  });

  it('filters on failed orders, with the count of each kind', async () => {
    const { calls, router } = renderOrders({
      'GET /api/admin/orders': {
        status: 200,
        body: list([failed, provisioned], { completed: 12, failed: 3 }),
      },
    });
    const filter = within(await screen.findByRole('group', { name: 'Show' }));
    expect(filter.getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
    expect(await filter.findByRole('radio', { name: 'Failed (3)' })).toBeTruthy();
    fireEvent.click(filter.getByRole('radio', { name: 'Failed (3)' }));
    expect(router.state.location.search).toBe('?status=failed');
    await screen.findByRole('table', { name: 'Orders' });
    expect(calls.filter((call) => call.url.startsWith('/api/admin/orders?')).map((call) => call.url)).toEqual(
      ['/api/admin/orders?page=1', '/api/admin/orders?status=failed&page=1'],
    );
  });

  it('shows a banner while an order waits on a product mapping, and a line for each ignored test order', async () => {
    renderOrders({
      'GET /api/admin/orders': { status: 200, body: list([failed]) },
      'GET /api/admin/orders/attention': {
        status: 200,
        body: {
          awaitingMapping: [
            {
              orderId: '555',
              email: 'maya@example.com',
              items: [{ item: 'bump-9', mapped: false }],
              since: '2026-11-01T20:00:00.000Z',
            },
          ],
          ignoredTestOrders: [
            {
              orderId: '777',
              email: 'tester@example.com',
              event: 'order.success',
              receivedAt: '2026-11-01T21:00:00.000Z',
            },
          ],
        },
      },
    });
    const banner = within(await screen.findByRole('region', { name: 'Orders waiting on a product mapping' }));
    expect(banner.getByRole('heading').textContent).toBe('1 order waits on a product mapping');
    expect(banner.getByText(/Order/, { selector: 'li' }).textContent).toBe(
      'Order 555 (maya@example.com): bump-9 is not mapped',
    );
    expect(banner.getByRole('link', { name: 'Products' }).getAttribute('href')).toBe('/admin/products');
    const ignored = within(screen.getByRole('region', { name: 'Ignored test orders' }));
    expect(ignored.getByRole('listitem').textContent).toMatch(
      /^Test order 777 \(tester@example.com\) was received and ignored: .*ACCEPT_TEST_ORDERS is false/,
    );
  });

  it('Refresh asks again for the banner too: an order mapped and retried meanwhile leaves it', async () => {
    const waiting = {
      orderId: '555',
      email: 'maya@example.com',
      items: [{ item: 'bump-9', mapped: true }],
      since: '2026-11-01T20:00:00.000Z',
    };
    const answers = {
      'GET /api/admin/orders': { status: 200, body: list([failed]) },
      'GET /api/admin/orders/attention': {
        status: 200,
        body: { awaitingMapping: [waiting], ignoredTestOrders: [] as unknown[] },
      },
    };
    renderOrders(answers);
    await screen.findByRole('region', { name: 'Orders waiting on a product mapping' });
    answers['GET /api/admin/orders'].body = list([provisioned]);
    answers['GET /api/admin/orders/attention'].body = { awaitingMapping: [], ignoredTestOrders: [] };
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Orders waiting on a product mapping' })).toBeNull(),
    );
  });

  it('shows no banner when no order waits on a mapping', async () => {
    renderOrders({
      'GET /api/admin/orders': { status: 200, body: list([provisioned]) },
      'GET /api/admin/orders/attention': {
        status: 200,
        body: { awaitingMapping: [], ignoredTestOrders: [] },
      },
    });
    await screen.findByRole('table', { name: 'Orders' });
    expect(screen.queryByRole('region', { name: 'Orders waiting on a product mapping' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Ignored test orders' })).toBeNull();
  });

  it('shows the last reconciliation with ThriveCart and checks again on "Check now"', async () => {
    const { calls } = renderOrders({
      'GET /api/admin/orders': { status: 200, body: list([provisioned]) },
      'GET /api/admin/orders/reconciliation': {
        status: 200,
        body: {
          configured: true,
          everyMinutes: 15,
          lastRun: {
            startedAt: '2026-11-01T20:00:00.000Z',
            finishedAt: '2026-11-01T20:00:03.000Z',
            outcome: 'succeeded',
            error: null,
            findings: {
              requests: 6,
              transactionsSeen: 12,
              alreadyProcessed: 11,
              chargesQueued: [{ orderId: '901', items: ['product-1'], test: false }],
              refundsQueued: [],
              cancellationsSeen: 0,
              unrecognized: [],
            },
          },
          checkpoints: { live: '2026-11-01T19:59:00.000Z' },
        },
      },
      'POST /api/admin/orders/reconciliation': { status: 202, body: { queued: true } },
    });
    const panel = within(await screen.findByRole('region', { name: 'Reconciliation with ThriveCart' }));
    expect(panel.getByText(/^Done:/).textContent).toBe(
      'Done: 12 transactions looked at, 1 missed order and 0 missed refunds queued (901)',
    );
    fireEvent.click(panel.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('Checking ThriveCart now')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/admin/orders/reconciliation',
    ]);
  });

  it('lists the payment-plan events a run found missed', async () => {
    renderOrders({
      'GET /api/admin/orders': { status: 200, body: list([provisioned]) },
      'GET /api/admin/orders/reconciliation': {
        status: 200,
        body: {
          configured: true,
          everyMinutes: 15,
          lastRun: {
            startedAt: '2026-11-01T20:00:00.000Z',
            finishedAt: '2026-11-01T20:00:03.000Z',
            outcome: 'succeeded',
            error: null,
            findings: {
              requests: 8,
              transactionsSeen: 4,
              alreadyProcessed: 2,
              chargesQueued: [],
              refundsQueued: [],
              cancellationsSeen: 1,
              planEventsQueued: [
                { orderId: '902', event: 'order.subscription_payment', item: 'product-1', test: false },
                { orderId: '903', event: 'order.subscription_cancelled', item: 'upsell-1', test: false },
              ],
              unrecognized: [],
            },
          },
          checkpoints: { live: '2026-11-01T19:59:00.000Z' },
        },
      },
    });
    const panel = within(await screen.findByRole('region', { name: 'Reconciliation with ThriveCart' }));
    expect(panel.getByText(/^Done:/).textContent).toBe(
      'Done: 4 transactions looked at, 2 missed payment-plan events queued (902: instalment paid, 903: plan cancelled)',
    );
  });

  it('says how to turn reconciliation on when it is off, without a Check now button', async () => {
    renderOrders({
      'GET /api/admin/orders': { status: 200, body: list([provisioned]) },
      'GET /api/admin/orders/reconciliation': {
        status: 200,
        body: { configured: false, everyMinutes: 15, lastRun: null, checkpoints: {} },
      },
    });
    const panel = within(await screen.findByRole('region', { name: 'Reconciliation with ThriveCart' }));
    expect(panel.getByText(/^Off: set THRIVECART_API_KEY/)).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Check now' })).toBeNull();
  });

  it('shows the error of a failed reconciliation', async () => {
    renderOrders({
      'GET /api/admin/orders': { status: 200, body: list([provisioned]) },
      'GET /api/admin/orders/reconciliation': {
        status: 200,
        body: {
          configured: true,
          everyMinutes: 15,
          lastRun: {
            startedAt: '2026-11-01T20:00:00.000Z',
            finishedAt: '2026-11-01T20:00:01.000Z',
            outcome: 'failed',
            error: "ThriveCart's API answered 401 to GET /transactions (check THRIVECART_API_KEY)",
            findings: null,
          },
          checkpoints: {},
        },
      },
    });
    expect((await screen.findByText(/^Failed: ThriveCart's API answered 401/)).textContent).toContain(
      'check THRIVECART_API_KEY',
    );
  });

  it('says when there are no orders yet', async () => {
    renderOrders({ 'GET /api/admin/orders': { status: 200, body: list([], { completed: 0, failed: 0 }) } });
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
  });

  it('asks again while orders wait for the worker (a retried one, say), and not otherwise', () => {
    const interval = ordersQueryOptions({ page: 1 }).refetchInterval as (query: {
      state: { data?: unknown };
    }) => number | false;
    expect(interval({ state: { data: list([], { waiting: 1 }) } })).toBe(ORDERS_POLL_MS);
    expect(interval({ state: { data: list([], { active: 1 }) } })).toBe(ORDERS_POLL_MS);
    expect(interval({ state: { data: list([failed]) } })).toBe(false);
    expect(interval({ state: {} })).toBe(false);
  });
});
