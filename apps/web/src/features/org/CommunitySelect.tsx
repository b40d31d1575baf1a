import type { TCommunity } from '@liftguard/contract/org/community';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { request } from '../../api/http.ts';
import { listCommunities } from './api.ts';

type Props = {
  value?: number[];
  onChange?: (ids: number[]) => void;
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
};

const communityDetail = (id: number) =>
  request<TCommunity>('/community/detail', { query: { id }, silent: true }).catch(() => null as TCommunity | null);

/**
 * Pick communities of the caller's scope (searched on the server by name or address, 24 at a
 * time). Chosen ids keep their names even when they are not among the search results; an id the
 * caller cannot see (set from above) shows as its number and is kept.
 */
export function CommunitySelect({ value, onChange, disabled, placeholder, testId }: Props) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(h);
  }, [typed]);

  const found = useQuery({
    queryKey: ['org', 'communities', 'select', keyword],
    queryFn: ({ signal }) => listCommunities({ page: 1, size: 24, ...(keyword ? { keyword } : {}) }, signal),
    staleTime: 30_000,
  });
  const listed = found.data?.list ?? [];
  const missing = (value ?? []).filter((id) => !listed.some((c) => c.id === id));
  const details = useQueries({
    queries: missing.map((id) => ({ queryKey: ['org', 'community', id], queryFn: () => communityDetail(id), staleTime: 60_000 })),
  });
  const named = new Map<number, string>(listed.map((c) => [c.id, c.name]));
  for (const [i, id] of missing.entries()) {
    const d = details[i]?.data;
    named.set(id, d ? d.name : `#${id}`);
  }
  const options = [...named.entries()].map(([id, name]) => ({ value: id, label: name }));

  return (
    <Select
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      onSearch={setTyped}
      onBlur={() => setTyped('')}
      loading={found.isFetching}
      value={value ?? []}
      onChange={(ids) => onChange?.(ids)}
      disabled={disabled}
      placeholder={placeholder}
      options={options}
      data-testid={testId}
      style={{ width: '100%' }}
    />
  );
}
