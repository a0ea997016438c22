import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms`: a search box asks the server once per pause, not per key. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** Search text, filters and page of a ticket list; any new search or filter starts again at page 1. */
export function useListControls<F extends Record<string, string>>(initialFilters: F) {
  const [search, setSearchText] = useState('');
  const [filters, setFilters] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim());
  return {
    search,
    setSearch: (text: string) => { setSearchText(text); setPage(1); },
    filters,
    setFilter: (key: keyof F, value: string) => { setFilters({ ...filters, [key]: value }); setPage(1); },
    page,
    setPage,
    params: { ...filters, search: term, page },
  };
}
