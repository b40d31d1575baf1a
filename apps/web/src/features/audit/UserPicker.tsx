import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listUsers } from '../org/api.ts';

/** Pick one user of the scope by name (server-side search). */
export function UserPicker({ value, onChange }: { value?: number; onChange?: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['org', 'users', 'picker', keyword],
    queryFn: () => listUsers({ page: 1, size: 24, keyword: keyword || undefined }),
  });
  return (
    <Select
      allowClear
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      value={value}
      onChange={onChange}
      placeholder={t('org.audit.anyUser')}
      style={{ width: 200 }}
      loading={q.isFetching}
      options={(q.data?.list ?? []).map((u) => ({ value: u.id, label: u.realname ? `${u.realname} (${u.username})` : u.username }))}
    />
  );
}
