import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listLifts } from './api.ts';

type Props = { value?: number | null; onChange?: (v: number | null) => void; excludeId?: number };

/** Pick a lift by name or number (the main lift of a secondary lift). */
export function LiftPicker({ value, onChange, excludeId }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['lift', 'picker', keyword],
    queryFn: () => listLifts('list', { page: 1, size: 24, keyword: keyword || undefined }),
    staleTime: 30_000,
  });
  const options = (q.data?.list ?? [])
    .filter((l) => l.id !== excludeId)
    .map((l) => ({ value: l.id, label: `${l.name} · ${l.code} (${t('lift.floorsCount', { count: l.total_floors })})` }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: `#${value}` });
  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      onSearch={setKeyword}
      loading={q.isFetching}
      placeholder={t('lift.field.main_lift_id')}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      options={options}
    />
  );
}
