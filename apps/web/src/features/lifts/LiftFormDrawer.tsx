import { errorText } from '@liftguard/contract/errors';
import type { TLift } from '@liftguard/contract/registry/lift';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Col, DatePicker, Divider, Drawer, Form, Input, InputNumber, Row, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureText } from '../../api/http.ts';
import { toast } from '../../app/feedback.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { createLift, liftDetail, listBuildings, updateLift } from './api.ts';
import { CommunitySelect } from './CommunitySelect.tsx';
import { checkLiftForm, fieldOfCode, fromLift, type LiftFormValues, toLiftBody } from './form-mapping.ts';
import { LiftPicker } from './LiftPicker.tsx';
import { PersonsField } from './PersonsField.tsx';
import { useCanSetExpiry } from './useCanSetExpiry.ts';
import { useCompanyOptions } from './useCompanyOptions.ts';
import { varietyOptions } from './varieties.ts';

type Props = { open: boolean; lift: TLift | null; onClose: () => void };

/** Date pickers hold 'YYYY-MM-DD' text in the form values. */
const dateProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

const NEW_LIFT: LiftFormValues = {
  variety: 2,
  positive_floors: 6,
  negative_floors: 0,
  sms_switch: false,
  sms_limit: 10,
  j_alarm_charger: [],
  j_mt_workers: [],
  j_responsible: [],
};

/** Create or edit a lift: the full field set of SPEC.md §3, in sections, with the server's rules checked first. */
export function LiftFormDrawer({ open, lift, onClose }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<LiftFormValues>();
  const companies = useCompanyOptions();
  const canSetExpiry = useCanSetExpiry();
  const communityId = Form.useWatch('community_id', form);
  const buildingId = Form.useWatch('building_id', form);
  const buildings = useQuery({
    queryKey: ['community', 'buildings', communityId],
    queryFn: () => listBuildings(communityId as number),
    enabled: !!communityId,
  });
  const units = buildings.data?.list.find((b) => b.id === buildingId)?.units ?? [];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(lift ? fromLift(lift) : NEW_LIFT);
  }, [open, lift, form]);

  const showProblems = (problems: { field: keyof LiftFormValues; code: number }[]) => {
    const byField = new Map<string, string[]>();
    for (const p of problems) byField.set(p.field, [...(byField.get(p.field) ?? []), errorText(p.code as never, currentLocale())]);
    form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof LiftFormValues, errors })));
    const first = problems[0];
    if (first) form.scrollToField(first.field);
  };

  const save = useMutation({
    mutationFn: async (values: LiftFormValues) => {
      const body = toLiftBody(values, { canSetExpiry });
      if (lift) await updateLift({ ...body, id: lift.id });
      else await createLift(body);
    },
    onSuccess: () => {
      toast.success(t('lift.saved'));
      void qc.invalidateQueries({ queryKey: ['lift'] });
      onClose();
    },
    onError: (err, values) => {
      if (!(err instanceof ApiError)) return;
      const field = fieldOfCode(err.code, values);
      if (field) showProblems([{ field, code: err.code }]);
      else toast.error(failureText(err.code, err.msg, currentLocale()));
    },
  });

  const submit = async () => {
    let values: LiftFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    let mainTotal: number | null = null;
    if (values.main_lift_id) mainTotal = (await liftDetail(values.main_lift_id).catch(() => null))?.total_floors ?? null;
    const problems = checkLiftForm(values, mainTotal);
    if (problems.length > 0) return showProblems(problems);
    save.mutate(values);
  };

  const text = (name: keyof LiftFormValues, max = 64, required = false) => (
    <Col xs={24} md={12}>
      <Form.Item
        name={name}
        label={t(`lift.field.${name}`)}
        rules={required ? [{ required: true, whitespace: true, message: t('lift.required') }] : []}
      >
        <Input maxLength={max} />
      </Form.Item>
    </Col>
  );
  const legacyAlarm = (lift?.j_alarm_charger.length ?? 0) > 2;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={880}
      title={lift ? t('lift.editTitle', { name: lift.name }) : t('lift.createTitle')}
      extra={
        <Space>
          <Button onClick={onClose}>{t('lift.action.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit} data-testid="lift-save">
            {t('lift.action.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" requiredMark="optional" data-testid="lift-form">
        <Divider titlePlacement="start">{t('lift.section.basic')}</Divider>
        <Row gutter={16}>
          {text('name', 64, true)}
          {text('code', 64, true)}
          <Col xs={24} md={12}>
            <Form.Item name="variety" label={t('lift.field.variety')} rules={[{ required: true }]}>
              <Select options={varietyOptions(currentLocale())} />
            </Form.Item>
          </Col>
          {text('brand')}
          {text('model')}
          {text('factory_number')}
          {text('equipment_code')}
          {text('register_number')}
          {text('yd_unique_code')}
          <Col xs={12} md={6}>
            <Form.Item name="speed" label={t('lift.field.speed')}>
              <InputNumber min={0} max={20} step={0.25} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="load" label={t('lift.field.load')}>
              <InputNumber min={0} max={100000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="is_virtual" valuePropName="checked">
              <Checkbox>{t('lift.field.is_virtual')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('lift.section.location')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="company_id" label={t('lift.field.company_id')}>
              <Select allowClear showSearch optionFilterProp="title" options={companies} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="community_id" label={t('lift.field.community_id')}>
              <CommunitySelect
                currentName={lift?.community_name}
                onChange={(v) => form.setFieldsValue({ community_id: v, building_id: null, unit_id: null })}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="building_id" label={t('lift.field.building_id')}>
              <Select
                allowClear
                disabled={!communityId}
                options={(buildings.data?.list ?? []).map((b) => ({ value: b.id, label: b.name }))}
                onChange={(v: number | undefined) => form.setFieldsValue({ building_id: v ?? null, unit_id: null })}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="unit_id" label={t('lift.field.unit_id')}>
              <Select allowClear disabled={!buildingId} options={units.map((u) => ({ value: u.id, label: u.name }))} />
            </Form.Item>
          </Col>
          {text('address', 200)}
          <Col xs={12} md={6}>
            <Form.Item name="latitude" label={t('lift.field.latitude')}>
              <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="longitude" label={t('lift.field.longitude')}>
              <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('lift.section.floors')}</Divider>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="positive_floors" label={t('lift.field.positive_floors')} extra={t('lift.hint.floors')}>
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="positive-floors" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="negative_floors" label={t('lift.field.negative_floors')}>
              <InputNumber precision={0} min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="j_floors_text" label={t('lift.field.j_floors')} extra={t('lift.hint.floorList')}>
              <Input placeholder="-1,1,2,3" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="main_lift_id" label={t('lift.field.main_lift_id')} extra={t('lift.hint.mainLift')}>
              <LiftPicker excludeId={lift?.id} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="is_through_door" valuePropName="checked" label={t('lift.field.is_through_door')}>
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="manual_door" valuePropName="checked" label={t('lift.field.manual_door')}>
              <Switch />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('lift.section.maintenance')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="mt_company_id" label={t('lift.field.mt_company_id')}>
              <Select allowClear showSearch optionFilterProp="title" options={companies} />
            </Form.Item>
          </Col>
          {text('ad_company')}
          <Col xs={24} md={12}>
            <PersonsField name="j_mt_workers" label={t('lift.field.j_mt_workers')} />
          </Col>
          <Col xs={24} md={12}>
            <PersonsField name="j_responsible" label={t('lift.field.j_responsible')} />
          </Col>
          <Col xs={24}>
            {legacyAlarm && <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('lift.hint.legacyAlarm')} />}
            <PersonsField
              name="j_alarm_charger"
              label={t('lift.field.j_alarm_charger')}
              max={legacyAlarm ? undefined : 2}
              testId="alarm-persons"
            />
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('lift.section.terminal')}</Divider>
        <Row gutter={16}>
          {text('terminal_id', 40)}
          {text('face_terminal_id', 40)}
          <Col xs={24}>
            <Form.Item name="m3u8_url" label={t('lift.field.m3u8_url')}>
              <Input maxLength={500} placeholder="https://example.org/live/lift.m3u8" />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('lift.section.sms')}</Divider>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="sms_switch" valuePropName="checked" label={t('lift.field.sms_switch')}>
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="sms_limit" label={t('lift.field.sms_limit')}>
              <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="imsi" label={t('lift.field.imsi')}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="bs_number" label={t('lift.field.bs_number')}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('lift.section.expiry')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="expire_at"
              label={t('lift.field.expire_at')}
              extra={canSetExpiry ? t('lift.hint.expiry') : t('lift.hint.expiryLocked')}
              rules={canSetExpiry && lift ? [{ required: true, message: errorText(4144, currentLocale()) }] : []}
              {...dateProps}
            >
              <DatePicker disabled={!canSetExpiry} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('lift.section.insurance')}</Divider>
        <Row gutter={16}>
          {text('insurance_company')}
          {text('insurance_no')}
          <Col xs={24} md={12}>
            <Form.Item
              name="insurance_expire"
              label={t('lift.field.insurance_expire')}
              rules={lift?.insurance_expire ? [{ required: true, message: errorText(4144, currentLocale()) }] : []}
              {...dateProps}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('lift.field.remark')}>
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
