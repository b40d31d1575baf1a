import { Card, Input, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { listExceptions, type ServerException } from '../org/api.ts';
import { usePaged } from '../org/usePaged.ts';

/** `/dev/exception`: unexpected server errors (root only), newest first, with their stack traces. */
export default function ExceptionPage() {
  const { t } = useTranslation();
  const paged = usePaged(['org', 'exceptions'], listExceptions);
  return (
    <Card title={t('route.dev_exception')} data-testid="exception-page">
      <Input.Search
        allowClear
        placeholder={t('org.exception.search')}
        style={{ maxWidth: 320, marginBottom: 16 }}
        onSearch={(keyword) => paged.setFilters({ keyword: keyword.trim() || undefined })}
      />
      <Table<ServerException>
        rowKey="id"
        size="small"
        loading={paged.isFetching}
        dataSource={paged.rows}
        pagination={{ ...paged.pagination, showTotal: (n) => t('org.total', { count: n }) }}
        scroll={{ x: 900 }}
        expandable={{
          rowExpandable: (r) => Boolean(r.stack),
          expandedRowRender: (r) => <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>{r.stack}</pre>,
        }}
        columns={[
          {
            key: 'at',
            title: t('org.exception.at'),
            dataIndex: 'at',
            width: 190,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          { key: 'method', title: t('org.exception.method'), dataIndex: 'method', width: 90, render: (v) => (v ? <Tag>{v}</Tag> : '—') },
          {
            key: 'url',
            title: t('org.exception.url'),
            dataIndex: 'url',
            ellipsis: true,
            render: (v) => (v ? <Typography.Text code>{v}</Typography.Text> : '—'),
          },
          { key: 'message', title: t('org.exception.message'), dataIndex: 'message', ellipsis: true },
          { key: 'request', title: t('org.exception.requestId'), dataIndex: 'request_id', width: 160, render: (v) => v ?? '—' },
        ]}
      />
    </Card>
  );
}
