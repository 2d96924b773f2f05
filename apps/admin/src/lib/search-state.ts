import { useSearchParams } from 'react-router';

/**
 * A screen's filter kept in the address's search params (issue 25 §4: reload and Back keep the page
 * and its filters): `const [status, setStatus] = useSearchParam('status', 'pending_approval', STATUSES)`.
 * A value outside `allowed` (a hand-edited address) reads as the fallback; setting the fallback
 * drops the param. Each change is a history entry, so Back returns to the previous filter.
 */
export function useSearchParam<T extends string>(name: string, fallback: T, allowed?: readonly T[]): [T, (value: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const value = raw !== null && (allowed === undefined || (allowed as readonly string[]).includes(raw)) ? (raw as T) : fallback;
  const set = (next: T) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === fallback || next === '') updated.delete(name);
      else updated.set(name, next);
      return updated;
    });
  return [value, set];
}

/**
 * Several filters at once (a search form's fields): each read like `useSearchParam` without a
 * closed list; `set` replaces them together in one history entry.
 */
export function useSearchFilters<K extends string>(defaults: Record<K, string>): [Record<K, string>, (values: Partial<Record<K, string>>) => void] {
  const [params, setParams] = useSearchParams();
  const keys = Object.keys(defaults) as K[];
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? defaults[key]])) as Record<K, string>;
  const set = (next: Partial<Record<K, string>>) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const key of Object.keys(next) as K[]) {
        const value = next[key];
        if (value === undefined || value === '' || value === defaults[key]) updated.delete(key);
        else updated.set(key, value);
      }
      return updated;
    });
  return [values, set];
}
