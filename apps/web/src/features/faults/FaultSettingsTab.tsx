import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { type FaultSettingItem, fetchFaultSettings, saveFaultSettings } from './api.ts';
import { faultText } from './catalogue.ts';

const KEY = ['faults', 'settings'] as const;

/** Per-company fault settings: which codes alert on screen and which by SMS (a switch saves at once). */
export function FaultSettingsTab() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: fetchFaultSettings });

  const toggle = async (row: FaultSettingItem, field: 'screen' | 'sms', value: boolean) => {
    const next = { code: row.code, screen: row.screen, sms: row.sms, [field]: value };
    qc.setQueryData<FaultSettingItem[]>(KEY, (list) => list?.map((s) => (s.code === row.code ? { ...s, ...next } : s)));
    try {
      await saveFaultSettings([next]);
      toast.success(t('fault.settings.saved'));
    } finally {
      await qc.invalidateQueries({ queryKey: KEY });
    }
  };

  return (
    <Table<FaultSettingItem>
      rowKey="code"
      size="small"
      data-testid="fault-settings"
      loading={q.isFetching}
      dataSource={q.data ?? []}
      pagination={false}
      columns={[
        { key: 'no', title: t('fault.col.no'), width: 70, dataIndex: 'fault_no' },
        { key: 'name', title: t('fault.col.name'), width: 220, render: (_, r) => faultText(r.code, locale).name },
        { key: 'meaning', title: t('fault.col.meaning'), render: (_, r) => faultText(r.code, locale).meaning },
        {
          key: 'category',
          title: t('fault.settings.category'),
          width: 120,
          render: (_, r) => (
            <Tag color={r.category === 'trapped' ? 'red' : r.category === 'safety' ? 'orange' : 'default'}>
              {t(`fault.category.${r.category}`)}
            </Tag>
          ),
        },
        {
          key: 'screen',
          title: t('fault.settings.screen'),
          width: 110,
          render: (_, r) => (
            <Switch
              checked={r.screen}
              onChange={(v) => void toggle(r, 'screen', v)}
              aria-label={`${r.code} screen`}
              data-testid={`setting-screen-${r.code}`}
            />
          ),
        },
        {
          key: 'sms',
          title: t('fault.settings.sms'),
          width: 110,
          render: (_, r) => (
            <Switch
              checked={r.sms}
              onChange={(v) => void toggle(r, 'sms', v)}
              aria-label={`${r.code} sms`}
              data-testid={`setting-sms-${r.code}`}
            />
          ),
        },
      ]}
    />
  );
}
