import type { TPage } from '@liftguard/contract/http';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import type { Query } from '../../api/http.ts';

export const PAGE_SIZE_OPTIONS = [12, 18, 24];

/** Page, size and filters of one server-paged list (ARCHITECTURE.md §3), with the table's pagination. */
export function usePaged<T>(key: readonly unknown[], fetchPage: (q: Query, signal: AbortSignal) => Promise<TPage<T>>) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(12);
  const [filters, setFiltersState] = useState<Query>({});
  const query: Query = { page, size, ...filters };
  const q = useQuery({ queryKey: [...key, query], queryFn: ({ signal }) => fetchPage(query, signal), placeholderData: keepPreviousData });

  const pagination: TablePaginationConfig = {
    current: page,
    pageSize: size,
    total: q.data?.totalRow ?? 0,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showSizeChanger: true,
    onChange: (p, s) => {
      if (s !== size) {
        setSize(s);
        setPage(1);
      } else setPage(p);
    },
  };
  const setFilters = (next: Query) => {
    setFiltersState(next);
    setPage(1);
  };
  return { ...q, rows: q.data?.list ?? [], pagination, filters, setFilters };
}
