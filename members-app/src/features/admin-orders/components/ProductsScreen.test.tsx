import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_MAPPING_MESSAGES } from '@sleep-ritual/contracts/product-mappings';
import { renderAt, stubApi } from '../../../test/render.tsx';
import { rows } from '../../../test/fixtures/admin.ts';
import { ProductsScreen } from './ProductsScreen.tsx';

afterEach(() => vi.unstubAllGlobals());

const mapping = {
  id: 4,
  externalProductId: 'product-12',
  programId: 1,
  programTitle: 'Sleep Ritual',
  programDeleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderProducts(answers: Parameters<typeof stubApi>[0]) {
  const result = stubApi({
    'GET /api/admin/programs': {
      status: 200,
      body: [rows.program(1, { title: 'Sleep Ritual' }), rows.program(2, { title: 'Add-On Nights' })],
    },
    ...answers,
  });
  renderAt('/admin/products', '/admin/products', <ProductsScreen />);
  return result;
}

describe('products page', () => {
  it('lists each checkout item with the programme it gives access to', async () => {
    renderProducts({ 'GET /api/admin/product-mappings': { status: 200, body: [mapping] } });
    const list = within(await screen.findByRole('list', { name: 'Product mappings' }));
    expect(list.getByText('product-12')).toBeTruthy();
    expect(list.getByText('Sleep Ritual')).toBeTruthy();
  });

  it('shows the banner of orders waiting on a mapping, naming the order and the item', async () => {
    renderProducts({
      'GET /api/admin/product-mappings': { status: 200, body: [mapping] },
      'GET /api/admin/orders/attention': {
        status: 200,
        body: {
          awaitingMapping: [
            {
              orderId: '555',
              email: null,
              items: [
                { item: 'bump-9', mapped: false },
                { item: 'upsell-3', mapped: true },
              ],
              since: '2026-11-01T20:00:00.000Z',
            },
          ],
          ignoredTestOrders: [],
        },
      },
    });
    const banner = within(await screen.findByRole('region', { name: 'Orders waiting on a product mapping' }));
    expect(banner.getByRole('listitem').textContent).toBe(
      'Order 555: bump-9 is not mapped, upsell-3 is mapped now: retry the order',
    );
    expect(banner.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/admin/orders');
  });

  it('adds a mapping with the item as ThriveCart names it and the chosen programme', async () => {
    const answers = {
      'GET /api/admin/product-mappings': { status: 200, body: [] as unknown[] },
      'POST /api/admin/product-mappings': {
        status: 201,
        body: { ...mapping, externalProductId: 'upsell-2', programId: 2 },
      },
    };
    const { calls } = renderProducts(answers);
    await screen.findByRole('option', { name: 'Add-On Nights' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Mapping' }));
    expect(screen.getByText('Choose the programme this item gives access to.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Checkout item/), { target: { value: ' Upsell-2 ' } });
    fireEvent.change(screen.getByLabelText('Program'), { target: { value: '2' } });
    answers['GET /api/admin/product-mappings'].body = [
      { ...mapping, id: 5, externalProductId: 'upsell-2', programTitle: 'Add-On Nights' },
    ];
    fireEvent.click(screen.getByRole('button', { name: 'Add Mapping' }));
    expect(await screen.findByText('Product mapping added successfully')).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body!)).toEqual({
      externalProductId: 'upsell-2',
      programId: 2,
    });
    expect(await screen.findByText('upsell-2')).toBeTruthy();
  });

  it('says beside the field when the item is mapped already (409); the next add that goes through leaves only its success', async () => {
    const answers: Record<string, { status: number; body: unknown }> = {
      'GET /api/admin/product-mappings': { status: 200, body: [mapping] },
      'POST /api/admin/product-mappings': {
        status: 409,
        body: { error: PRODUCT_MAPPING_MESSAGES.duplicate },
      },
    };
    renderProducts(answers);
    await screen.findByRole('option', { name: 'Sleep Ritual' });
    fireEvent.change(screen.getByLabelText(/^Checkout item/), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Program'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Mapping' }));
    const field = await screen.findByText(PRODUCT_MAPPING_MESSAGES.duplicate, { selector: '.field-error' });
    expect(field).toBeTruthy();
    expect(screen.getByLabelText(/^Checkout item/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Failed to add product mapping')).toBeTruthy();

    Object.assign(answers['POST /api/admin/product-mappings']!, {
      status: 201,
      body: { ...mapping, id: 5, externalProductId: '99' },
    });
    fireEvent.change(screen.getByLabelText(/^Checkout item/), { target: { value: '99' } });
    fireEvent.change(screen.getByLabelText('Program'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Mapping' }));
    expect(await screen.findByText('Product mapping added successfully')).toBeTruthy();
    expect(screen.queryByText('Failed to add product mapping')).toBeNull();
  });

  it('says of a mapping whose program was deleted that its orders wait for a new one', async () => {
    renderProducts({
      'GET /api/admin/product-mappings': {
        status: 200,
        body: [
          mapping,
          {
            ...mapping,
            id: 5,
            externalProductId: 'bump-3',
            programTitle: 'Old Nights',
            programDeleted: true,
          },
        ],
      },
    });
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'product-12 →  gives access to Sleep RitualRemove',
      'bump-3 →  gives access to Old NightsThis program was deleted: new orders of this item give no access and wait for a new mapping. Restore the program from Deleted, or remove this mapping and map the item to another program.Remove',
    ]);
    expect(screen.getByRole('link', { name: 'Deleted' }).getAttribute('href')).toBe('/admin/deleted');
  });

  it('removes a mapping after confirmation', async () => {
    const answers = {
      'GET /api/admin/product-mappings': { status: 200, body: [mapping] as unknown[] },
      'DELETE /api/admin/product-mappings/4': { status: 204 },
    };
    const { calls } = renderProducts(answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove product-12' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Product Mapping' });
    answers['GET /api/admin/product-mappings'].body = [];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Product mapping removed successfully')).toBeTruthy();
    expect(await screen.findByText('No checkout items are mapped yet.')).toBeTruthy();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.url === '/api/admin/product-mappings/4'),
    ).toBe(true);
  });
});
