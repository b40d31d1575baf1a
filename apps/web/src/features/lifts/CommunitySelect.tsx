import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listCommunities } from './api.ts';

type Props = {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** label of the current value when it is not among the first results */
  currentName?: string | null;
  style?: React.CSSProperties;
  allowClear?: boolean;
};

/** Community picker searching the server (GET /community/list with keyword). */
export function CommunitySelect({ value, onChange, currentName, style, allowClear = true }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const q = useQuery({ queryKey: ['community', 'options', keyword], queryFn: () => listCommunities(keyword), staleTime: 30_000 });
  const options = (q.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (value && currentName && !options.some((o) => o.value === value)) options.unshift({ value, label: currentName });
  return (
    <Select
      showSearch
      allowClear={allowClear}
      filterOption={false}
      onSearch={setKeyword}
      loading={q.isFetching}
      placeholder={t('lift.field.community_id')}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      options={options}
      style={style}
    />
  );
}
