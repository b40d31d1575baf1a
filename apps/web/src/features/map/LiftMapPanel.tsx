import type { TLiftMapPoint } from '@liftguard/contract/registry/lift';
import { LIFT_STATES } from '@liftguard/contract/registry/lift';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Descriptions, Empty, Input, Popover, Row, Select, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { liftMap } from '../lifts/api.ts';
import { LiftMap } from './LiftMap.tsx';
import { countStates, STATE_COLOURS, STATE_TAG } from './state-colour.ts';
import { isTileTemplate, readTileSource, storeTileSource } from './tile-source.ts';

/** The map tab of the lift list: search, legend, tile-source setting, map and the chosen lift's summary. */
export default function LiftMapPanel({ onOpenDetail }: { onOpenDetail: (id: number) => void }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['lift', 'map'], queryFn: liftMap, refetchInterval: 60_000 });
  const points: TLiftMapPoint[] = q.data ?? [];
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [tiles, setTiles] = useState(readTileSource);
  const [tileDraft, setTileDraft] = useState(tiles.url);
  const counts = useMemo(() => countStates(points), [points]);
  const selected = points.find((p) => p.id === selectedId) ?? null;

  const tileSetting = (
    <Space direction="vertical" style={{ width: 420 }}>
      <Typography.Text type="secondary">{t('lift.map.tilesHelp')}</Typography.Text>
      <Input
        value={tileDraft}
        placeholder="https://tile.example.org/{z}/{x}/{y}.png"
        onChange={(e) => setTileDraft(e.target.value)}
        status={tileDraft && !isTileTemplate(tileDraft) ? 'error' : undefined}
      />
      <Button
        type="primary"
        disabled={tileDraft !== '' && !isTileTemplate(tileDraft)}
        onClick={() => {
          storeTileSource(tileDraft);
          setTiles(readTileSource());
        }}
      >
        {t('lift.action.save')}
      </Button>
    </Space>
  );

  return (
    <Row gutter={16}>
      <Col xs={24} lg={17}>
        <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
          <Select
            showSearch
            allowClear
            style={{ width: 320 }}
            data-testid="map-search"
            placeholder={t('lift.map.search')}
            optionFilterProp="label"
            value={selectedId ?? undefined}
            onChange={(v: number | undefined) => setSelectedId(v ?? null)}
            options={points.map((p) => ({ value: p.id, label: `${p.name} · ${p.code}` }))}
          />
          <Space size="middle">
            {LIFT_STATES.map((s) => (
              <Badge key={s} color={STATE_COLOURS[s]} text={`${t(`lift.state.${s}`)} ${counts[s]}`} />
            ))}
            <Popover trigger="click" title={t('lift.map.tiles')} content={tileSetting}>
              <Button size="small">{t('lift.map.tiles')}</Button>
            </Popover>
          </Space>
        </Space>
        <Spin spinning={q.isLoading}>
          <LiftMap points={points} tiles={tiles} selectedId={selectedId} onSelect={setSelectedId} />
        </Spin>
        {!isTileTemplate(tiles.url) && (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
            {t('lift.map.noTiles')}
          </Typography.Text>
        )}
      </Col>
      <Col xs={24} lg={7}>
        <Card title={t('lift.map.summary')} data-testid="map-summary" size="small">
          {selected ? (
            <>
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('lift.field.name')}>{selected.name}</Descriptions.Item>
                <Descriptions.Item label={t('lift.field.code')}>{selected.code}</Descriptions.Item>
                <Descriptions.Item label={t('lift.field.community_id')}>{selected.community_name ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('lift.field.terminal_id')}>{selected.terminal_id ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('lift.field.state')}>
                  <Tag color={STATE_TAG[selected.state]}>{t(`lift.state.${selected.state}`)}</Tag>
                </Descriptions.Item>
              </Descriptions>
              <Space>
                <Button size="small" onClick={() => onOpenDetail(selected.id)}>
                  {t('lift.action.detail')}
                </Button>
                <Link to={`/device/monitor/${selected.id}`}>{t('lift.action.monitor')}</Link>
              </Space>
            </>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lift.map.pick', { count: points.length })} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
