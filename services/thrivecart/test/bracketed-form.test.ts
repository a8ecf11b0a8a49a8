import { describe, expect, it } from 'vitest';
import { parseBracketedForm } from '../src/bracketed-form.ts';

describe('parseBracketedForm', () => {
  it('nests bracketed keys into objects and keeps every value a string', () => {
    expect(
      parseBracketedForm(
        'event=order.success&customer%5Bemail%5D=a%40b.example&customer[first_name]=Ann+Lee',
      ),
    ).toEqual({
      event: 'order.success',
      customer: { email: 'a@b.example', first_name: 'Ann Lee' },
    });
  });

  it('turns numbered keys into arrays in index order, however deep', () => {
    const parsed = parseBracketedForm(
      'order[charges][1][amount]=1700&order[charges][0][amount]=4700&order[charges][0][name]=Ritual&order[total]=6400',
    );
    expect(parsed).toEqual({
      order: { charges: [{ amount: '4700', name: 'Ritual' }, { amount: '1700' }], total: '6400' },
    });
  });

  it('keeps lists longer than twenty entries as arrays', () => {
    const raw = Array.from({ length: 30 }, (_, index) => `purchase_map[${index}]=product-${index + 1}`).join(
      '&',
    );
    const parsed = parseBracketedForm(raw);
    expect(parsed.purchase_map).toHaveLength(30);
    expect((parsed.purchase_map as string[])[29]).toBe('product-30');
  });

  it('appends empty brackets, as PHP does', () => {
    expect(parseBracketedForm('map[]=product-1&map[]=bump-1')).toEqual({ map: ['product-1', 'bump-1'] });
  });

  it('keeps the last value of a repeated plain key and does not read dots as nesting', () => {
    expect(parseBracketedForm('mode=test&mode=live&order.total=5')).toEqual({
      mode: 'live',
      'order.total': '5',
    });
  });

  it('keeps zero-padded numbers exactly as sent', () => {
    expect(parseBracketedForm('invoice_id=000000123')).toEqual({ invoice_id: '000000123' });
  });

  it('ignores keys that would reach the object prototype', () => {
    const parsed = parseBracketedForm(
      '__proto__[polluted]=yes&customer[__proto__][x]=1&a[constructor][prototype][y]=2&ok=1',
    );
    expect(parsed).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not let a plain value overwrite a nested one under the same key', () => {
    expect(parseBracketedForm('customer[email]=a@b.example&customer=oops')).toEqual({
      customer: { email: 'a@b.example' },
    });
  });

  it('takes malformed keys literally', () => {
    expect(parseBracketedForm('a[b=1&[c]=2&d[e]f=3&g[h[i]]=4')).toEqual({
      'a[b': '1',
      '[c]': '2',
      'd[e]f': '3',
      'g[h[i]]': '4',
    });
  });

  it('takes a key nested deeper than eight levels literally', () => {
    const key = 'a[1][2][3][4][5][6][7][8]';
    expect(parseBracketedForm(`${encodeURIComponent(key)}=deep`)).toEqual({ [key]: 'deep' });
  });

  it('answers an empty object for an empty body', () => {
    expect(parseBracketedForm('')).toEqual({});
  });
});
