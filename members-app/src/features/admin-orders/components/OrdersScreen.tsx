import {
  ORDER_STATUSES,
  type AdminOrder,
  type OrderList,
  type OrderStatus,
} from '@sleep-ritual/contracts/admin-members';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useOrders } from '../api/get-orders.ts';
import { useAdminPrograms } from '../../../lib/admin/get-programs.ts';
import { useRetryOrder } from '../api/retry-order.ts';
import { count } from '../../../lib/admin/format.ts';
import { BACK_OFFICE_MESSAGES, LOAD_ERRORS } from '../../../lib/admin/messages.ts';
import { useAdminToasts } from '../../../lib/admin/use-admin-toasts.ts';
import { useFilterParams } from '../../../lib/admin/use-filter-params.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';
import { adminUrls, queueViewUrl } from '../../../lib/admin/urls.ts';
import { DateTime, Pager, Results, TableFrame } from '../../../components/admin/BackOffice.tsx';
import { IgnoredTestOrders, MappingBanner } from './OrdersAttention.tsx';
import { LoadFailed } from '../../../components/admin/ScreenStates.tsx';
import { ReconciliationPanel } from './ReconciliationPanel.tsx';
import { ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';

const FILTERS: { value: OrderStatus | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
];

const isStatus = (value: string | null): value is OrderStatus =>
  ORDER_STATUSES.includes(value as OrderStatus);

/** /admin/orders: the checkout's orders as the worker processed them; a failed one can be retried. */
export function OrdersScreen() {
  const { params, page, update } = useFilterParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const orders = useOrders({ status, page });
  const queryClient = useQueryClient();
  // Refresh asks again for everything the screen shows: the orders, what waits on a mapping, the
  // ignored test orders and the last check with ThriveCart. It says so only when pressed, not while
  // the screen asks again by itself.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void queryClient
      .invalidateQueries({ queryKey: adminKeys.orders.all })
      .finally(() => setRefreshing(false));
  };

  return (
    <>
      <ScreenHeader
        title="Orders"
        intro="Checkout orders as the worker processed them, newest first. Retry a failed one once its cause is fixed (a missing product mapping, say)."
        actions={
          <>
            <ButtonLink to={queueViewUrl} variant="ghost">
              Queue view
            </ButtonLink>
            <Button variant="secondary" onClick={refresh} busy={refreshing}>
              {refreshing ? 'Refreshing...' : 'Refresh'}
            </Button>
          </>
        }
      />
      <MappingBanner />
      <IgnoredTestOrders />
      <ReconciliationPanel />
      <fieldset className="admin-filter">
        <legend>Show</legend>
        {FILTERS.map((filter) => (
          <label key={filter.label} className="admin-filter-option">
            <input
              type="radio"
              name="order-status"
              checked={status === filter.value}
              onChange={() => update({ status: filter.value, page: 1 })}
            />
            {orders.data && filter.value
              ? `${filter.label} (${orders.data.counts[filter.value]})`
              : filter.label}
          </label>
        ))}
      </fieldset>
      {orders.isPending ? (
        <Spinner label="Loading orders..." />
      ) : orders.isError ? (
        <LoadFailed title={LOAD_ERRORS.orders} error={orders.error} onRetry={() => orders.refetch()} />
      ) : (
        <OrderTable
          list={orders.data}
          status={status}
          busy={orders.isPlaceholderData}
          onPage={(next) => update({ page: next })}
        />
      )}
    </>
  );
}

function OrderTable({
  list,
  status,
  busy,
  onPage,
}: {
  list: OrderList;
  status?: OrderStatus;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { counts } = list;
  const inFlight = counts.waiting + counts.active + counts.delayed;
  let summary =
    list.total === 0
      ? status
        ? `No ${status} orders.`
        : 'No orders yet.'
      : count(list.total, status ? `${status} order` : 'order');
  if (inFlight > 0) summary += ` · ${inFlight} waiting for the worker`;
  return (
    <Results heading="Orders" summary={summary} busy={busy}>
      {list.items.length > 0 && (
        <TableFrame label="Orders" columns={['Time', 'Event', 'Order ID', 'E-mail', 'Products', 'Result']}>
          {list.items.map((order) => (
            <OrderRow key={order.jobId} order={order} />
          ))}
        </TableFrame>
      )}
      <Pager
        label="Orders pages"
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        onPage={onPage}
      />
    </Results>
  );
}

function OrderRow({ order }: { order: AdminOrder }) {
  return (
    <tr>
      <td>
        <DateTime value={order.processedAt ?? order.receivedAt} />
      </td>
      <td>
        <code>{order.event}</code>
        {order.test && <span className="badge">Test</span>}
      </td>
      <th scope="row" className="admin-code">
        {order.orderId}
      </th>
      <td className="admin-break">
        {order.result?.action === 'provisioned' && order.email !== null ? (
          <Link to={adminUrls.member(order.result.userId)}>{order.email}</Link>
        ) : (
          (order.email ?? <span className="muted">None</span>)
        )}
      </td>
      <td>
        <ul className="admin-inline-list">
          {order.products.map((product) => (
            <li key={product}>
              <code>{product}</code>
            </li>
          ))}
        </ul>
      </td>
      <td>
        <OrderResult order={order} />
      </td>
    </tr>
  );
}

/** What the worker did: the programmes it opened, the purchases it refunded, or why it failed. */
function OrderResult({ order }: { order: AdminOrder }) {
  const programs = useAdminPrograms();
  const title = (id: number) => programs.data?.find((program) => program.id === id)?.title ?? `Program ${id}`;
  const { result } = order;
  if (order.status === 'failed') return <FailedOrder order={order} />;
  if (order.status !== 'completed') return <span className="status">Waiting for the worker</span>;
  if (result?.action === 'provisioned') {
    return (
      <span className="status status-completed">
        Provisioned: {result.programIds.map(title).join(', ') || 'nothing'}
        {result.newPurchases === 0 && (
          <span className="admin-cell-note">Nothing new: provisioned before</span>
        )}
      </span>
    );
  }
  if (result?.action === 'refunded') {
    return <span className="status status-refunded">Refunded: {count(result.refunded, 'purchase')}</span>;
  }
  if (result?.action === 'plan-updated') {
    return (
      <span className="status status-completed">
        Payment plan updated: {count(result.changed, 'purchase')}
        {result.changed === 0 && (
          <span className="admin-cell-note">Nothing new: applied before, or older</span>
        )}
      </span>
    );
  }
  if (result?.action === 'ignored') {
    return <span className="status status-completed">Nothing done: {result.reason}</span>;
  }
  return <span className="status status-completed">Completed</span>;
}

function FailedOrder({ order }: { order: AdminOrder }) {
  const retry = useRetryOrder();
  const toasts = useAdminToasts();
  return (
    <div className="admin-failed-order">
      <span className="status status-failed">Failed</span>
      <span className="admin-error-text">{order.error}</span>
      <Button
        variant="secondary"
        busy={retry.isPending}
        aria-label={`Retry order ${order.orderId}`}
        onClick={() =>
          retry.mutate(order.jobId, {
            onSuccess: () => toasts.success(BACK_OFFICE_MESSAGES.orderRetried, 'retry-order'),
            onError: (error) => toasts.failure(BACK_OFFICE_MESSAGES.orderRetryFailed, error, 'retry-order'),
          })
        }
      >
        {retry.isPending ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}
