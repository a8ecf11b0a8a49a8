import { describe, expect, it } from 'vitest';
import { parseBracketedForm } from '../src/bracketed-form.ts';
import { formBody, thrivecartOrderFields } from '../src/samples.ts';
import { purchaseEventSchema } from '../src/webhook.ts';

/** What the receiver makes of an order.refund posted as ThriveCart posts it (a form of bracketed fields). */
function refundOf(fields: Record<string, string>) {
  return purchaseEventSchema.parse(parseBracketedForm(formBody(fields))).refund;
}

const order = { secret: 's', orderId: '4711', email: 'ann@example.com', event: 'order.refund' as const };

describe('which purchases an order.refund takes', () => {
  it('an upsell refunded for more than the order total: that item only', () => {
    const fields = thrivecartOrderFields({ ...order, items: ['product-1'], refundItem: 'upsell-1' });
    expect(Number(fields['refund[amount]'])).toBeGreaterThan(Number(fields['order[total]']));
    expect(refundOf(fields)).toEqual({ scope: 'item', item: 'upsell-1' });
  });

  it('a bump refunded for its own price: that item only', () => {
    const fields = thrivecartOrderFields({ ...order, items: ['product-1', 'bump-2'], refundItem: 'bump-2' });
    expect(refundOf(fields)).toEqual({ scope: 'item', item: 'bump-2' });
  });

  it('the main product refunded for the whole order total: the whole order', () => {
    const fields = thrivecartOrderFields({
      ...order,
      items: ['product-1', 'bump-2'],
      refundItem: 'product-1',
    });
    fields['refund[amount]'] = fields['order[total]']!;
    expect(refundOf(fields)).toEqual({ scope: 'order' });
  });

  it('the main product refunded for less than the order total: that item only', () => {
    const fields = thrivecartOrderFields({
      ...order,
      items: ['product-1', 'bump-2'],
      refundItem: 'product-1',
    });
    expect(refundOf(fields)).toEqual({ scope: 'item', item: 'product-1' });
  });

  it('a bump refunded with neither an id nor a charge reference: a bump of the order, never the whole order', () => {
    const fields = thrivecartOrderFields({ ...order, items: ['product-1', 'bump-2'], refundItem: 'bump-2' });
    delete fields['refund[id]'];
    delete fields['refund[reference]'];
    expect(refundOf(fields)).toEqual({ scope: 'kind', kind: 'bump' });
  });

  it('an upsell refund whose reference names no charge of the order: an upsell of the order', () => {
    const fields = thrivecartOrderFields({ ...order, items: ['product-1'], refundItem: 'upsell-1' });
    delete fields['refund[id]'];
    fields['refund[reference]'] = 'no-such-charge';
    expect(refundOf(fields)).toEqual({ scope: 'kind', kind: 'upsell' });
  });

  it('a full refund: the whole order', () => {
    expect(refundOf(thrivecartOrderFields({ ...order, items: ['product-1', 'upsell-1'] }))).toEqual({
      scope: 'order',
    });
  });
});
