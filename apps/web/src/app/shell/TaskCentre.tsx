import { ScheduleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Result, Space, Table, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureText } from '../../api/http.ts';
import { fetchTasks, resolveTask, type Task } from '../../api/shell.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { toast } from '../feedback.tsx';
import { MembershipTags } from './MembershipTags.tsx';

const TASKS_QUERY_KEY = ['shell', 'tasks'] as const;

/** Task-centre modal (SPEC.md §2): GET /api/task/getlist; an answer with a code asks to choose a company. */
export function TaskCentre() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const tasks = useQuery({ queryKey: TASKS_QUERY_KEY, queryFn: fetchTasks, enabled: open, retry: false });

  const onResolve = async (task: Task, resolved: 1 | -1) => {
    await resolveTask(task, resolved);
    toast.success(t('shell.task.resolved'));
    await qc.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
  };

  const failed = tasks.error instanceof ApiError ? tasks.error : null;

  return (
    <>
      <Tooltip title={t('shell.header.tasks')}>
        <Button
          type="text"
          icon={<ScheduleOutlined />}
          onClick={() => setOpen(true)}
          aria-label={t('shell.header.tasks')}
          data-testid="task-centre"
        />
      </Tooltip>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={t('shell.task.title')} width={760} destroyOnHidden>
        {failed ? (
          <Result
            status="info"
            title={t('shell.task.chooseCompany')}
            subTitle={`${t('shell.task.chooseCompanyHint')} (${failureText(failed.code, failed.msg, currentLocale())})`}
            extra={<MembershipTags />}
          />
        ) : (
          <Table<Task>
            rowKey="id"
            size="middle"
            loading={tasks.isFetching}
            dataSource={tasks.data ?? []}
            pagination={false}
            locale={{ emptyText: t('shell.task.empty') }}
            columns={[
              { key: 'applicant', dataIndex: 'applicant', title: t('shell.task.applicant') },
              { key: 'time', dataIndex: 'time', title: t('shell.task.time'), render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
              { key: 'company', dataIndex: 'company', title: t('shell.task.company') },
              { key: 'signature', dataIndex: 'signature', title: t('shell.task.signature') },
              {
                key: 'actions',
                title: t('shell.task.actions'),
                render: (_, task) => (
                  <Space>
                    <Button size="small" type="primary" onClick={() => void onResolve(task, 1)}>
                      {t('shell.task.agree')}
                    </Button>
                    <Button size="small" danger onClick={() => void onResolve(task, -1)}>
                      {t('shell.task.refuse')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Modal>
    </>
  );
}
