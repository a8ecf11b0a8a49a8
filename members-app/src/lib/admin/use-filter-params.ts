import { useSearchParams } from 'react-router';

type Changes = Record<string, string | number | undefined>;

/** A positive whole number from the address (`?page=3`), or undefined for anything else. */
export function wholeNumberParam(value: string | null): number | undefined {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}

/**
 * A list screen's filters and page live in the address, so a reload, a shared link or Back from a row's
 * page shows the same list. Page 1 and empty filters are left out of the address.
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  function update(changes: Changes, { replace = false } = {}) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined || value === '' || (name === 'page' && value === 1)) next.delete(name);
          else next.set(name, String(value));
        }
        return next;
      },
      { replace },
    );
  }
  return { params, page: wholeNumberParam(params.get('page')) ?? 1, update };
}
