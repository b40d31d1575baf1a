import type { TPage } from '@liftguard/contract/http';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/http.ts';

type Item = { id: number; terminal_id: string | null; topic: string; kind: string; message: string; payload: string | null; at: string };

/** `/dev/terminal_exception`: malformed or refused terminal messages, newest first. */
export default function TerminalExceptionPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(12);
  const q = useQuery({
    queryKey: ['terminal-exception', page, size],
    queryFn: ({ signal }) => request<TPage<Item>>('/terminal_exception/list', { query: { page, size }, signal }),
  });
  return (
    <Card title={t('terminalException.title')}>
      <Table<Item>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 900 }}
        pagination={{
          current: page,
          pageSize: size,
          total: q.data?.totalRow ?? 0,
          pageSizeOptions: [12, 18, 24],
          showSizeChanger: true,
          showTotal: (n) => t('terminalException.total', { count: n }),
          onChange: (p, s) => {
            setPage(s === size ? p : 1);
            setSize(s);
          },
        }}
        expandable={{
          rowExpandable: (r) => !!r.payload,
          expandedRowRender: (r) => (
            <Typography.Paragraph code copyable style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>
              {r.payload}
            </Typography.Paragraph>
          ),
        }}
        columns={[
          { title: t('terminalException.at'), dataIndex: 'at', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
          { title: t('terminalException.terminal'), dataIndex: 'terminal_id', width: 160, render: (v: string | null) => v ?? '—' },
          { title: t('terminalException.topic'), dataIndex: 'topic', width: 220, ellipsis: true },
          { title: t('terminalException.kind'), dataIndex: 'kind', width: 120 },
          { title: t('terminalException.message'), dataIndex: 'message', ellipsis: true },
        ]}
      />
    </Card>
  );
}
