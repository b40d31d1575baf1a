import { errorText } from '@liftguard/contract/errors';
import { SIM_CARRIERS, SIM_NET_TYPES, SIM_STORED_STATES, type TSim } from '@liftguard/contract/registry/sim';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureText } from '../../api/http.ts';
import { toast } from '../../app/feedback.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { createSim, updateSim } from './api.ts';
import { checkSimForm, type SimFormValues, simFieldOfCode, toSimBody } from './sim-state.ts';

const dateProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

/** Add or edit a SIM card; IMSI/BS problems (4094, 4095, 4096, 4150, 4151) show on their field. */
export function SimFormModal({ open, sim, onClose }: { open: boolean; sim: TSim | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<SimFormValues>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (sim)
      form.setFieldsValue({
        ...sim,
        iccid: sim.iccid ?? '',
        bs_number: sim.bs_number ?? '',
        package: sim.package ?? '',
        terminal_id: sim.terminal_id ?? '',
        carrier: sim.carrier as SimFormValues['carrier'],
        state: sim.state as SimFormValues['state'],
        net_type: sim.net_type as SimFormValues['net_type'],
      });
    else form.setFieldsValue({ state: 'normal', traffic_used_mb: 0 });
  }, [open, sim, form]);
  const show = (field: string, code: number) =>
    form.setFields([{ name: field as keyof SimFormValues, errors: [errorText(code as never, currentLocale())] }]);
  const save = useMutation({
    mutationFn: async (v: SimFormValues): Promise<void> => {
      if (sim) await updateSim({ ...toSimBody(v), id: sim.id });
      else await createSim(toSimBody(v));
    },
    onSuccess: () => {
      toast.success(t('sim.saved'));
      void qc.invalidateQueries({ queryKey: ['sim'] });
      onClose();
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return;
      const field = simFieldOfCode(err.code);
      if (field) show(field, err.code);
      else toast.error(failureText(err.code, err.msg, currentLocale()));
    },
  });
  const submit = async () => {
    const v = await form.validateFields();
    const problems = checkSimForm(v);
    if (problems.length) {
      for (const p of problems) show(p.field, p.code);
      return;
    }
    save.mutate(v);
  };
  return (
    <Modal
      open={open}
      width={720}
      title={sim ? t('sim.editTitle', { imsi: sim.imsi }) : t('sim.createTitle')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'sim-save' } as never}
    >
      <Form form={form} layout="vertical">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="imsi" label={t('sim.field.imsi')} rules={[{ required: true, message: errorText(4150, currentLocale()) }]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="bs_number" label={t('sim.field.bs_number')}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="iccid" label={t('sim.field.iccid')}>
              <Input maxLength={22} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="carrier" label={t('sim.field.carrier')} extra={t('sim.hint.carrier')}>
              <Select allowClear options={SIM_CARRIERS.map((c) => ({ value: c, label: t(`sim.carrier.${c}`) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="state" label={t('sim.field.state')}>
              <Select options={SIM_STORED_STATES.map((s) => ({ value: s, label: t(`sim.state.${s}`) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="net_type" label={t('sim.field.net_type')}>
              <Select allowClear options={SIM_NET_TYPES.map((n) => ({ value: n, label: n }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="open_date" label={t('sim.field.open_date')} {...dateProps}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="traffic_expire" label={t('sim.field.traffic_expire')} {...dateProps}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="package" label={t('sim.field.package')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="traffic_total_mb" label={t('sim.field.traffic_total_mb')}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="traffic_used_mb" label={t('sim.field.traffic_used_mb')}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="terminal_id" label={t('sim.field.terminal_id')}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
