import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DISPLAY_COUNT_MAX,
  DISPLAY_COUNT_MIN,
  SCROLL_SPEED_MAX,
  SCROLL_SPEED_MIN,
  type TTerminalSettings,
  ZTerminalSettings,
} from '@liftguard/contract/registry/terminal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Divider, Input, InputNumber, Row, Skeleton, Slider, Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { readTerminalSettings, saveTerminalSettings } from './api.ts';
import { FileSlot } from './FileSlot.tsx';
import { issueKey, normaliseSettings, setAt } from './settings-edit.ts';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Space direction="vertical" size={2} style={{ width: '100%', marginBottom: 12 }}>
    <Typography.Text type="secondary">{label}</Typography.Text>
    {children}
  </Space>
);

/** The company's terminal default settings (SPEC.md §3, §9), checked with the contract's schema before saving. */
export function TerminalSettingsEditor() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['terminal', 'settings'], queryFn: readTerminalSettings });
  const [s, setS] = useState<TTerminalSettings | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  useEffect(() => {
    if (q.data) setS(normaliseSettings(q.data));
  }, [q.data]);
  const save = useMutation({
    mutationFn: saveTerminalSettings,
    onSuccess: () => {
      toast.success(t('terminal.settings.saved'));
      void qc.invalidateQueries({ queryKey: ['terminal', 'settings'] });
    },
  });
  if (!s) return <Skeleton active />;
  const set = (path: (string | number)[], value: unknown) => setS((prev) => (prev ? setAt(prev, path, value) : prev));
  const num = (path: (string | number)[], value: number, min: number, max: number, testId?: string) => (
    <InputNumber
      min={min}
      max={max}
      precision={0}
      value={value}
      onChange={(v) => set(path, v ?? min)}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
  const submit = () => {
    const parsed = ZTerminalSettings.safeParse(s);
    if (!parsed.success) {
      setProblems(parsed.error.issues.map((i) => `${issueKey(i.path)}: ${i.message}`));
      return;
    }
    setProblems([]);
    save.mutate(parsed.data);
  };

  return (
    <div data-testid="terminal-settings">
      <Typography.Paragraph type="secondary">{t('terminal.settings.help')}</Typography.Paragraph>
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('terminal.settings.invalid')}
          description={problems.join('; ')}
        />
      )}

      <Divider titlePlacement="start">{t('terminal.settings.adVideos')}</Divider>
      <Row gutter={16}>
        {s.ad_videos.map((v, i) => (
          <Col xs={24} lg={8} key={v.index}>
            <Card size="small" title={t('terminal.settings.slot', { n: i + 1 })}>
              <FileSlot
                kind="video"
                url={v.url}
                testId={`ad-video-${i}`}
                onUploaded={(f) => set(['ad_videos', i], { ...v, url: f.url, name: f.name, file_size: f.file_size })}
                onClear={() => set(['ad_videos', i], { ...v, url: '', name: '', file_size: 0 })}
              />
              <Field label={t('terminal.settings.cycleTimes')}>{num(['ad_videos', i, 'cycle_times'], v.cycle_times, 0, 1000)}</Field>
              <Field label={t('terminal.settings.endTime')}>
                <DatePicker
                  style={{ width: '100%' }}
                  value={v.end_time ? dayjs(v.end_time) : null}
                  onChange={(d) => set(['ad_videos', i, 'end_time'], d ? d.format('YYYY-MM-DD') : '')}
                />
              </Field>
            </Card>
          </Col>
        ))}
      </Row>

      <Divider titlePlacement="start">{t('terminal.settings.apk')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FileSlot
            kind="apk"
            url={s.apk.url}
            onUploaded={(f) => set(['apk'], { ...s.apk, url: f.url, file_size: f.file_size })}
            onClear={() => set(['apk'], { ...s.apk, url: '', file_size: 0 })}
          />
        </Col>
        <Col xs={24} md={12}>
          <Field label={t('terminal.settings.apkVersion')}>
            <Input value={s.apk.version} maxLength={40} onChange={(e) => set(['apk', 'version'], e.target.value)} />
          </Field>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('terminal.settings.voices')}</Divider>
      {s.elevator_voices.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row is a position in an ordered list the user edits in place
        <Space key={i} align="start" style={{ display: 'flex', marginBottom: 8 }}>
          <Input
            style={{ width: 200 }}
            value={v.name}
            maxLength={100}
            placeholder={t('terminal.settings.voiceName')}
            onChange={(e) => set(['elevator_voices', i, 'name'], e.target.value)}
          />
          <FileSlot kind="voice" url={v.url} onUploaded={(f) => set(['elevator_voices', i], { name: v.name || f.name, url: f.url })} />
          <MinusCircleOutlined
            aria-label={t('terminal.action.remove')}
            onClick={() =>
              set(
                ['elevator_voices'],
                s.elevator_voices.filter((_, j) => j !== i),
              )
            }
          />
        </Space>
      ))}
      <Button
        type="dashed"
        size="small"
        icon={<PlusOutlined />}
        disabled={s.elevator_voices.length >= 20}
        onClick={() => set(['elevator_voices'], [...s.elevator_voices, { name: '', url: '' }])}
      >
        {t('terminal.settings.addVoice')}
      </Button>

      <Divider titlePlacement="start">{t('terminal.settings.licences')}</Divider>
      <Row gutter={16}>
        {s.license_images.map((v, i) => (
          <Col xs={24} lg={8} key={v.index}>
            <Card size="small" title={t('terminal.settings.slot', { n: i + 1 })}>
              <FileSlot
                kind="image"
                url={v.url}
                onUploaded={(f) => set(['license_images', i, 'url'], f.url)}
                onClear={() => set(['license_images', i, 'url'], '')}
              />
            </Card>
          </Col>
        ))}
      </Row>

      <Divider titlePlacement="start">{t('terminal.settings.scroll')}</Divider>
      <Field label={t('terminal.settings.scrollSpeed', { min: SCROLL_SPEED_MIN, max: SCROLL_SPEED_MAX })}>
        <Slider
          min={SCROLL_SPEED_MIN}
          max={SCROLL_SPEED_MAX}
          value={s.scroll_para.speed}
          marks={Object.fromEntries(Array.from({ length: SCROLL_SPEED_MAX }, (_, i) => [i + 1, String(i + 1)]))}
          onChange={(v) => set(['scroll_para', 'speed'], v)}
          style={{ maxWidth: 360 }}
        />
      </Field>
      {s.scroll_para.content_list.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row is a position in an ordered list the user edits in place
        <Space key={i} style={{ display: 'flex', marginBottom: 8 }}>
          <Input
            style={{ width: 420 }}
            value={c.content}
            maxLength={500}
            placeholder={t('terminal.settings.scrollText')}
            onChange={(e) => set(['scroll_para', 'content_list', i, 'content'], e.target.value)}
          />
          <DatePicker
            value={c.end_time ? dayjs(c.end_time) : null}
            onChange={(d) => set(['scroll_para', 'content_list', i, 'end_time'], d ? d.format('YYYY-MM-DD') : '')}
          />
          <MinusCircleOutlined
            aria-label={t('terminal.action.remove')}
            onClick={() =>
              set(
                ['scroll_para', 'content_list'],
                s.scroll_para.content_list.filter((_, j) => j !== i),
              )
            }
          />
        </Space>
      ))}
      <Button
        type="dashed"
        size="small"
        icon={<PlusOutlined />}
        disabled={s.scroll_para.content_list.length >= 20}
        onClick={() => set(['scroll_para', 'content_list'], [...s.scroll_para.content_list, { content: '', end_time: '' }])}
      >
        {t('terminal.settings.addScroll')}
      </Button>

      <Divider titlePlacement="start">{t('terminal.settings.system')}</Divider>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Field label={t('terminal.settings.brightness')}>
            {num(['system_para', 'brightness'], s.system_para.brightness, 0, 100, 'brightness')}
          </Field>
        </Col>
        <Col xs={12} md={6}>
          <Field label={t('terminal.settings.floorVolume')}>
            {num(['system_para', 'floor_volume'], s.system_para.floor_volume, 0, 100)}
          </Field>
        </Col>
        <Col xs={12} md={6}>
          <Field label={t('terminal.settings.systemVolume')}>
            {num(['system_para', 'system_volume'], s.system_para.system_volume, 0, 100)}
          </Field>
        </Col>
        <Col xs={12} md={6}>
          <Field label={t('terminal.settings.videoVolume')}>
            {num(['system_para', 'video_volume'], s.system_para.video_volume, 0, 100)}
          </Field>
        </Col>
        <Col xs={12} md={6}>
          <Field label={t('terminal.settings.displayCount', { min: DISPLAY_COUNT_MIN, max: DISPLAY_COUNT_MAX })}>
            {num(['system_para', 'display_count'], s.system_para.display_count, DISPLAY_COUNT_MIN, DISPLAY_COUNT_MAX)}
          </Field>
        </Col>
        <Col xs={12} md={6}>
          <Field label={t('terminal.settings.doorVoice')}>
            <Switch checked={s.system_para.door_voice} onChange={(v) => set(['system_para', 'door_voice'], v)} />
          </Field>
        </Col>
      </Row>
      <Typography.Text strong>{t('terminal.settings.chatRoom')}</Typography.Text>
      <Row gutter={16} style={{ marginTop: 8 }}>
        <Col xs={24} md={8}>
          <Field label={t('terminal.settings.lifeValue')}>
            {num(['system_para', 'chat_room', 'life_value'], s.system_para.chat_room.life_value, 1, 100_000)}
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field label={t('terminal.settings.waitTime')}>
            {num(['system_para', 'chat_room', 'wait_time'], s.system_para.chat_room.wait_time, 1000, 1_000_000)}
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field label={t('terminal.settings.recordSlice')}>
            {num(['system_para', 'chat_room', 'record_slice'], s.system_para.chat_room.record_slice, 1000, 600_000)}
          </Field>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('terminal.settings.weather')}</Divider>
      <Row gutter={16}>
        {(['name', 'temp', 'windDir', 'windLevel'] as const).map((k) => (
          <Col xs={12} md={6} key={k}>
            <Field label={t(`terminal.settings.weather_${k}`)}>
              <Input value={s.weather[k]} maxLength={k === 'name' ? 40 : 20} onChange={(e) => set(['weather', k], e.target.value)} />
            </Field>
          </Col>
        ))}
      </Row>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={save.isPending} onClick={submit} data-testid="settings-save">
          {t('terminal.action.save')}
        </Button>
        <Button onClick={() => q.data && setS(normaliseSettings(q.data))}>{t('terminal.action.reset')}</Button>
      </Space>
    </div>
  );
}
