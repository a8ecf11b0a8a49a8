import { Link } from 'react-router';
import type { OrderAttention } from '@sleep-ritual/contracts/admin-members';
import { useOrderAttention } from '../api/get-order-attention.ts';
import { count } from '../../../lib/admin/format.ts';
import { adminUrls } from '../../../lib/admin/urls.ts';

/**
 * The banner of the Orders and Products screens while any order waits on a product mapping: which order,
 * which item, and the fix (map the item on Products, then Retry the order on Orders). Nothing shows while
 * the answer loads or when it fails: the screens below say enough then.
 */
export function MappingBanner() {
  const attention = useOrderAttention();
  const waiting = attention.data?.awaitingMapping ?? [];
  if (waiting.length === 0) return null;
  return (
    <section className="admin-banner" role="region" aria-label="Orders waiting on a product mapping">
      <h2 className="admin-banner-title">
        {count(waiting.length, 'order')} {waiting.length === 1 ? 'waits' : 'wait'} on a product mapping
      </h2>
      <p>
        The buyer has no access to these items yet. Map each item on{' '}
        <Link to={adminUrls.products()}>Products</Link>, then press Retry on the order in{' '}
        <Link to={adminUrls.orders()}>Orders</Link>.
      </p>
      <ul>
        {waiting.map((order) => (
          <li key={order.orderId}>
            Order <code>{order.orderId}</code>
            {order.email ? ` (${order.email})` : ''}: <WaitingItems items={order.items} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function WaitingItems({ items }: { items: OrderAttention['awaitingMapping'][number]['items'] }) {
  return (
    <>
      {items.map(({ item, mapped }, index) => (
        <span key={item}>
          {index > 0 && ', '}
          <code>{item}</code> {mapped ? 'is mapped now: retry the order' : 'is not mapped'}
        </span>
      ))}
    </>
  );
}

/** One line per test-mode order the live site acknowledged and ignored (ACCEPT_TEST_ORDERS is false). */
export function IgnoredTestOrders() {
  const attention = useOrderAttention();
  const ignored = attention.data?.ignoredTestOrders ?? [];
  if (ignored.length === 0) return null;
  return (
    <section className="admin-banner" role="region" aria-label="Ignored test orders">
      <ul>
        {ignored.map((order) => (
          <li key={`${order.orderId}-${order.event}-${order.receivedAt}`}>
            Test order <code>{order.orderId}</code>
            {order.email ? ` (${order.email})` : ''} was received and ignored: this site does not process
            ThriveCart test-mode orders (ACCEPT_TEST_ORDERS is false). Nobody was given access.
          </li>
        ))}
      </ul>
    </section>
  );
}
