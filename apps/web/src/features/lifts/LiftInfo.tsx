import { type TLift, type TPerson, varietyName } from '@liftguard/contract/registry/lift';
import { Descriptions, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import { STATE_TAG } from '../map/state-colour.ts';

const persons = (list: TPerson[]) => (list.length ? list.map((p) => `${p.name} ${p.mobile}`).join('；') : '—');
/** one label width in every section, so the sections line up */
export const LABEL = { label: { width: 190 } } as const;
const date = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '—');

/** Every field of one lift, grouped as in the form (the detail drawer and the detail page). */
export function LiftInfo({ lift: l }: { lift: TLift }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`lift.field.${key}`);
  const yes = (b: boolean) => (b ? t('lift.filter.yes') : t('lift.filter.no'));
  return (
    <div data-testid="lift-detail">
      <Descriptions styles={LABEL} title={t('lift.section.basic')} column={2} size="small" bordered>
        <Descriptions.Item label={f('name')}>{l.name}</Descriptions.Item>
        <Descriptions.Item label={f('code')}>{l.code}</Descriptions.Item>
        <Descriptions.Item label={f('variety')}>{varietyName(l.variety, currentLocale())}</Descriptions.Item>
        <Descriptions.Item label={f('state')}>
          <Tag color={STATE_TAG[l.state]}>{t(`lift.state.${l.state}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={f('brand')}>{l.brand ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('model')}>{l.model ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('factory_number')}>{l.factory_number ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('equipment_code')}>{l.equipment_code ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('register_number')}>{l.register_number ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('yd_unique_code')}>{l.yd_unique_code ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('speed')}>{l.speed ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('load')}>{l.load ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('is_virtual')}>{yes(l.is_virtual)}</Descriptions.Item>
      </Descriptions>
      <Descriptions styles={LABEL} title={t('lift.section.location')} column={2} size="small" bordered style={{ marginTop: 16 }}>
        <Descriptions.Item label={f('company_id')}>{l.company_name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('community_id')}>{l.community_name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('address')} span={2}>
          {l.address ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={f('latitude')}>{l.latitude ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('longitude')}>{l.longitude ?? '—'}</Descriptions.Item>
      </Descriptions>
      <Descriptions styles={LABEL} title={t('lift.section.floors')} column={2} size="small" bordered style={{ marginTop: 16 }}>
        <Descriptions.Item label={f('floors')}>{l.total_floors}</Descriptions.Item>
        <Descriptions.Item label={f('j_floors')}>{l.j_floors.join(', ')}</Descriptions.Item>
        <Descriptions.Item label={f('is_through_door')}>{yes(l.is_through_door)}</Descriptions.Item>
        <Descriptions.Item label={f('manual_door')}>{yes(l.manual_door)}</Descriptions.Item>
        <Descriptions.Item label={f('main_lift_id')}>{l.main_lift_id ?? '—'}</Descriptions.Item>
      </Descriptions>
      <Descriptions styles={LABEL} title={t('lift.section.maintenance')} column={1} size="small" bordered style={{ marginTop: 16 }}>
        <Descriptions.Item label={f('j_mt_workers')}>{persons(l.j_mt_workers)}</Descriptions.Item>
        <Descriptions.Item label={f('j_responsible')}>{persons(l.j_responsible)}</Descriptions.Item>
        <Descriptions.Item label={f('j_alarm_charger')}>{persons(l.j_alarm_charger)}</Descriptions.Item>
        <Descriptions.Item label={f('ad_company')}>{l.ad_company ?? '—'}</Descriptions.Item>
      </Descriptions>
      <Descriptions styles={LABEL} title={t('lift.section.terminal')} column={2} size="small" bordered style={{ marginTop: 16 }}>
        <Descriptions.Item label={f('terminal_id')}>{l.terminal_id ?? t('lift.unbound')}</Descriptions.Item>
        <Descriptions.Item label={f('face_terminal_id')}>{l.face_terminal_id ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('m3u8_url')} span={2}>
          {l.m3u8_url ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={f('sms_switch')}>{yes(l.sms_switch)}</Descriptions.Item>
        <Descriptions.Item label={f('sms_limit')}>{l.sms_limit}</Descriptions.Item>
        <Descriptions.Item label={f('imsi')}>{l.imsi ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('bs_number')}>{l.bs_number ?? '—'}</Descriptions.Item>
      </Descriptions>
      <Descriptions styles={LABEL} title={t('lift.section.expiry')} column={2} size="small" bordered style={{ marginTop: 16 }}>
        <Descriptions.Item label={f('expire_at')}>{date(l.expire_at)}</Descriptions.Item>
        <Descriptions.Item label={f('insurance_expire')}>{date(l.insurance_expire)}</Descriptions.Item>
        <Descriptions.Item label={f('insurance_company')}>{l.insurance_company ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('insurance_no')}>{l.insurance_no ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('remark')} span={2}>
          {l.remark ?? '—'}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
