import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { listLifts } from '../lifts/api.ts';

type Props = { value?: number | null; onChange?: (v: number | null) => void; placeholder: string; style?: React.CSSProperties };

/** A lift picker searching the server by name or number. */
export function LiftSelect({ value, onChange, placeholder, style }: Props) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['lift', 'picker', keyword],
    queryFn: () => listLifts('list', { page: 1, size: 24, keyword: keyword || undefined }),
    staleTime: 30_000,
  });
  const options = (q.data?.list ?? []).map((l) => ({ value: l.id, label: `${l.name} · ${l.code}` }));
  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      onSearch={setKeyword}
      loading={q.isFetching}
      placeholder={placeholder}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      options={options}
      style={style}
      data-testid="fault-filter-lift"
    />
  );
}
