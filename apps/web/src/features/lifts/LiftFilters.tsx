import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../api/http.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { CommunitySelect } from './CommunitySelect.tsx';
import { useCompanyOptions } from './useCompanyOptions.ts';
import { varietyOptions } from './varieties.ts';

type Props = { value: Query; onChange: (next: Query) => void };

/** Keyword search and the community, company, variety, online and bound filters of the lift lists. */
export function LiftFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const set = (key: string, v: string | number | null | undefined) => onChange({ ...value, [key]: v ?? undefined });
  const yesNo = [
    { value: '1', label: t('lift.filter.yes') },
    { value: '0', label: t('lift.filter.no') },
  ];
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Input.Search
        allowClear
        data-testid="lift-search"
        placeholder={t('lift.filter.keyword')}
        style={{ width: 280 }}
        defaultValue={typeof value.keyword === 'string' ? value.keyword : ''}
        onSearch={(v) => set('keyword', v.trim() || undefined)}
      />
      <CommunitySelect
        style={{ width: 180 }}
        value={(value.community_id as number | undefined) ?? null}
        onChange={(v) => set('community_id', v)}
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="title"
        style={{ width: 200 }}
        placeholder={t('lift.field.company_id')}
        options={companies}
        value={value.company_id as number | undefined}
        onChange={(v: number | undefined) => set('company_id', v)}
      />
      <Select
        allowClear
        style={{ width: 200 }}
        placeholder={t('lift.field.variety')}
        options={varietyOptions(currentLocale())}
        value={value.variety as number | undefined}
        onChange={(v: number | undefined) => set('variety', v)}
      />
      <Select
        allowClear
        style={{ width: 150 }}
        placeholder={t('lift.filter.online')}
        options={yesNo}
        value={value.online as string | undefined}
        onChange={(v: string | undefined) => set('online', v)}
      />
      <Select
        allowClear
        style={{ width: 200 }}
        placeholder={t('lift.filter.bound')}
        options={yesNo}
        value={value.bound as string | undefined}
        onChange={(v: string | undefined) => set('bound', v)}
      />
    </Space>
  );
}
