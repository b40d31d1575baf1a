import { type TLift, varietyName } from '@liftguard/contract/registry/lift';
import { Table, type TablePaginationConfig, Tag, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import { STATE_TAG } from '../map/state-colour.ts';
import { FavouriteStar } from './FavouriteStar.tsx';

type Props = {
  rows: TLift[];
  loading: boolean;
  pagination: TablePaginationConfig;
  onChange: (p: TablePaginationConfig, f: unknown, s: SorterResult<TLift> | SorterResult<TLift>[]) => void;
  sortOrderOf: (key: string) => 'ascend' | 'descend' | null;
  onOpenDetail: (id: number) => void;
  actions: (lift: TLift) => ReactNode;
  favourites?: boolean;
  /** width of the fixed actions column, when its links need more than what is left */
  actionsWidth?: number;
  selectedIds?: number[];
  onSelect?: (ids: number[]) => void;
};

/** The lift table shared by the list, the deleted list and the expired list. */
export function LiftTable({
  rows,
  loading,
  pagination,
  onChange,
  sortOrderOf,
  onOpenDetail,
  actions,
  favourites,
  actionsWidth,
  selectedIds,
  onSelect,
}: Props) {
  const { t } = useTranslation();
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrderOf(key) });
  const columns: ColumnsType<TLift> = [
    ...(favourites ? [{ key: 'fav', width: 48, render: (_: unknown, l: TLift) => <FavouriteStar lift={l} /> }] : []),
    { title: 'ID', dataIndex: 'id', width: 80, ...sortable('id') },
    {
      title: t('lift.field.name'),
      dataIndex: 'name',
      ...sortable('name'),
      render: (name: string, l) => (
        <Typography.Link onClick={() => onOpenDetail(l.id)}>
          {name}
          {l.is_virtual ? <Tag style={{ marginInlineStart: 6 }}>{t('lift.field.is_virtual')}</Tag> : null}
        </Typography.Link>
      ),
    },
    { title: t('lift.field.code'), dataIndex: 'code', ...sortable('code') },
    { title: t('lift.field.community_id'), dataIndex: 'community_name', ellipsis: true, render: (v: string | null) => v ?? '—' },
    {
      title: t('lift.field.company_id'),
      dataIndex: 'company_name',
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
      responsive: ['xl'],
    },
    {
      title: t('lift.field.variety'),
      dataIndex: 'variety',
      ...sortable('variety'),
      render: (v: number) => varietyName(v, currentLocale()),
    },
    { title: t('lift.field.floors'), dataIndex: 'total_floors', width: 80 },
    {
      title: t('lift.field.terminal_id'),
      dataIndex: 'terminal_id',
      render: (v: string | null) => (v ? v : <Typography.Text type="secondary">{t('lift.unbound')}</Typography.Text>),
    },
    {
      title: t('lift.field.state'),
      dataIndex: 'state',
      width: 100,
      render: (s: TLift['state']) => <Tag color={STATE_TAG[s]}>{t(`lift.state.${s}`)}</Tag>,
    },
    {
      title: t('lift.field.expire_at'),
      dataIndex: 'expire_at',
      ...sortable('expire_at'),
      render: (v: string, l) => <Typography.Text type={l.expired ? 'danger' : undefined}>{dayjs(v).format('YYYY-MM-DD')}</Typography.Text>,
    },
    { title: t('lift.column.actions'), key: 'actions', fixed: 'right', width: actionsWidth, render: (_, l) => actions(l) },
  ];
  return (
    <Table<TLift>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={{ ...pagination, showTotal: (total) => t('lift.total', { count: total }) }}
      onChange={onChange}
      scroll={{ x: 1100 + (actionsWidth ?? 0) }}
      rowSelection={onSelect ? { selectedRowKeys: selectedIds, onChange: (keys) => onSelect(keys.map(Number)) } : undefined}
    />
  );
}
