import type { TPage } from '@liftguard/contract/http';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import type { Query } from '../../api/http.ts';

export const PAGE_SIZE_OPTIONS = [12, 18, 24];

/** Paging, sort and filters of one server-paged list (ARCHITECTURE.md §3: page, size, orderKey, orderMethod, keyword). */
export function usePagedList<T>(key: readonly unknown[], fetchPage: (q: Query, signal: AbortSignal) => Promise<TPage<T>>) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(12);
  const [order, setOrder] = useState<{ key: string; method: 'asc' | 'desc' }>({ key: 'id', method: 'desc' });
  const [filters, setFiltersState] = useState<Query>({});

  const query: Query = { page, size, orderKey: order.key, orderMethod: order.method, ...filters };
  const q = useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });

  const setFilters = (next: Query) => {
    setFiltersState(next);
    setPage(1);
  };

  const onTableChange = (p: TablePaginationConfig, _f: unknown, sorter: SorterResult<T> | SorterResult<T>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    if (s?.order && typeof s.columnKey === 'string') setOrder({ key: s.columnKey, method: s.order === 'ascend' ? 'asc' : 'desc' });
    else setOrder({ key: 'id', method: 'desc' });
    if (p.pageSize && p.pageSize !== size) {
      setSize(p.pageSize);
      setPage(1);
    } else if (p.current) setPage(p.current);
  };

  const sortOrderOf = (columnKey: string) =>
    order.key === columnKey ? (order.method === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  const pagination: TablePaginationConfig = {
    current: page,
    pageSize: size,
    total: q.data?.totalRow ?? 0,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showSizeChanger: true,
    showTotal: (total) => `${total}`,
  };

  return { q, rows: q.data?.list ?? [], query, filters, setFilters, onTableChange, sortOrderOf, pagination, refetch: q.refetch };
}
