import { errorText } from '@liftguard/contract/errors';
import {
  MAINTENANCE_CONTENT_MAX,
  MAINTENANCE_PERSON_MAX,
  MAINTENANCE_REMARK_MAX,
  MAINTENANCE_TYPES,
  type TMaintenanceRecord,
} from '@liftguard/contract/maintenance/index';
import type { TLift } from '@liftguard/contract/registry/lift';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureText } from '../../api/http.ts';
import { toast } from '../../app/feedback.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { useCompanyOptions } from '../lifts/useCompanyOptions.ts';
import { createMaintenance, MAINTENANCE_QUERY_KEY, updateMaintenance } from './api.ts';
import { initialValues, type MaintenanceFormValues, maintenanceFieldOfCode, toCreateBody } from './maintenance-form.ts';

const dateProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

type Props = {
  open: boolean;
  lift: TLift;
  record: TMaintenanceRecord | null;
  /** unit of the lift's latest record: the default unit of a new one when the caller may name it */
  lastUnit?: number | null;
  onClose: () => void;
};

/** Add or edit a maintenance record of one lift; unit (4170) and date (4144, 4171) problems show on their field. */
export function MaintenanceFormModal({ open, lift, record, lastUnit = null, onClose }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<MaintenanceFormValues>();
  const companies = useCompanyOptions();
  const locale = currentLocale();
  const required = (code: number) => [{ required: true, whitespace: true, message: errorText(code as never, locale) }];

  // the units of the scope, plus the lift's own maintainer and the record's unit when they lie outside it
  const unitOptions = useMemo(() => {
    const opts: Array<{ value: number; label: string; title: string }> = [...companies];
    const has = (id: number) => opts.some((o) => o.value === id);
    if (record && !has(record.unit_company_id))
      opts.unshift({ value: record.unit_company_id, label: record.unit_name, title: record.unit_name });
    if (lift.mt_company_id !== null && !has(lift.mt_company_id)) {
      const name = t('maintenance.liftMaintainer', { id: lift.mt_company_id });
      opts.unshift({ value: lift.mt_company_id, label: name, title: name });
    }
    return opts;
  }, [companies, record, lift.mt_company_id, t]);

  // fill the form when it opens; the company list is only read then (loaded by the tab beforehand)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a late company list must not reset what the user typed
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const known = lastUnit !== null && companies.some((c) => c.value === lastUnit) ? lastUnit : null;
    form.setFieldsValue(initialValues(record, lift, dayjs().format('YYYY-MM-DD'), known));
  }, [open, record, lift, form, lastUnit]);

  const save = useMutation({
    mutationFn: async (v: MaintenanceFormValues): Promise<void> => {
      const body = toCreateBody(lift.id, v);
      if (record) {
        const { lift_id: _l, ...rest } = body;
        await updateMaintenance({ ...rest, id: record.id });
      } else await createMaintenance(body);
    },
    onSuccess: () => {
      toast.success(t('maintenance.saved'));
      void qc.invalidateQueries({ queryKey: MAINTENANCE_QUERY_KEY });
      onClose();
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return;
      const field = maintenanceFieldOfCode(err.code);
      if (field) form.setFields([{ name: field, errors: [errorText(err.code as never, locale)] }]);
      else toast.error(failureText(err.code, err.msg, locale));
    },
  });

  const submit = async () => save.mutate(await form.validateFields());

  return (
    <Modal
      open={open}
      width={640}
      title={record ? t('maintenance.editTitle') : t('maintenance.createTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('maintenance.action.save')}
      cancelText={t('maintenance.action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'maintenance-save' } as never}
    >
      <Form form={form} layout="vertical" data-testid="maintenance-form">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="type" label={t('maintenance.field.type')} rules={[{ required: true, message: errorText(4148, locale) }]}>
              <Select
                data-testid="maintenance-type"
                options={MAINTENANCE_TYPES.map((k) => ({ value: k, label: t(`maintenance.type.${k}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="date" label={t('maintenance.field.date')} rules={required(4144)} {...dateProps}>
              <DatePicker style={{ width: '100%' }} data-testid="maintenance-date" disabledDate={(d) => d.isAfter(dayjs().endOf('day'))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="unit_company_id"
              label={t('maintenance.field.unit')}
              rules={[{ required: true, message: errorText(4170, locale) }]}
            >
              <Select
                showSearch
                optionFilterProp="title"
                options={unitOptions}
                // the list indents by depth; the chosen unit shows its plain name
                labelRender={({ value, label }) => unitOptions.find((o) => o.value === value)?.title ?? label}
                data-testid="maintenance-unit"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="person" label={t('maintenance.field.person')} rules={required(4148)}>
              <Input
                maxLength={MAINTENANCE_PERSON_MAX}
                placeholder={t('maintenance.placeholder.person')}
                data-testid="maintenance-person"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="content" label={t('maintenance.field.content')} rules={required(4148)}>
              <Input.TextArea
                rows={3}
                maxLength={MAINTENANCE_CONTENT_MAX}
                showCount
                placeholder={t('maintenance.placeholder.content')}
                data-testid="maintenance-content"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('maintenance.field.remark')}>
              <Input.TextArea rows={2} maxLength={MAINTENANCE_REMARK_MAX} data-testid="maintenance-remark" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
