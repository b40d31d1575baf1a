import type { TCommunity } from '@liftguard/contract/org/community';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Drawer, Empty, Flex, Popconfirm, Row, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { addBuildings, addUnits, deleteBuilding, deleteUnit, listBuildings } from '../org/api.ts';
import { useCan } from '../org/useCan.ts';
import { BatchForm } from './BatchForm.tsx';

/** Buildings and units of a community, with batch creation of both. */
export function BuildingsDrawer({ community, onClose }: { community: TCommunity | null; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const q = useQuery({
    queryKey: ['org', 'buildings', community?.id],
    queryFn: () => listBuildings(community?.id ?? 0),
    enabled: community !== null,
  });
  const buildings = q.data ?? [];
  const [buildingId, setBuildingId] = useState<number | null>(null);
  const building = buildings.find((b) => b.id === buildingId) ?? null;
  const newNames = (before: string[], after: string[]) => after.filter((n) => !before.includes(n));

  return (
    <Drawer
      open={community !== null}
      onClose={onClose}
      size={820}
      title={t('org.community.buildingsOf', { name: community?.name ?? '' })}
      destroyOnHidden
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Card size="small" title={t('org.community.batchBuildings')}>
            <BatchForm
              testId="batch-buildings"
              existing={buildings.map((b) => b.name)}
              disabled={!can('/community/building/batchadd')}
              onSubmit={async (b) => {
                const before = buildings.map((x) => x.name);
                const list = await addBuildings(community?.id ?? 0, b);
                await q.refetch();
                return newNames(
                  before,
                  list.map((x) => x.name),
                );
              }}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('org.community.batchUnits')}>
            <Select
              style={{ width: '100%', marginBottom: 12 }}
              placeholder={t('org.community.pickBuilding')}
              value={buildingId ?? undefined}
              onChange={setBuildingId}
              options={buildings.map((b) => ({ value: b.id, label: b.name }))}
              data-testid="batch-units-building"
            />
            {building ? (
              <BatchForm
                key={building.id}
                testId="batch-units"
                existing={building.units.map((u) => u.name)}
                disabled={!can('/community/unit/batchadd')}
                onSubmit={async (b) => {
                  const before = building.units.map((u) => u.name);
                  const list = await addUnits(building.id, b);
                  await q.refetch();
                  return newNames(before, list.find((x) => x.id === building.id)?.units.map((u) => u.name) ?? []);
                }}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('org.community.pickBuilding')} />
            )}
          </Card>
        </Col>
      </Row>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('org.community.buildings')} ({buildings.length})
      </Typography.Title>
      {buildings.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      <Flex vertical gap={8} data-testid="building-list">
        {buildings.map((b) => (
          <Card key={b.id} size="small">
            <Flex justify="space-between" align="center" gap={8}>
              <Typography.Text strong>{b.name}</Typography.Text>
              <Popconfirm
                title={t('org.community.deleteBuildingConfirm', { name: b.name })}
                okText={t('org.action.delete')}
                cancelText={t('app.action.cancel')}
                onConfirm={() =>
                  deleteBuilding(b.id).then(
                    () => {
                      toast.success(t('org.deleted'));
                      return q.refetch();
                    },
                    () => undefined,
                  )
                }
              >
                <Button size="small" type="link" danger disabled={!can('/community/building/delete')}>
                  {t('org.action.delete')}
                </Button>
              </Popconfirm>
            </Flex>
            <Flex wrap gap={4} style={{ marginTop: 4 }}>
              {b.units.map((u) => (
                <Tag
                  key={u.id}
                  closable={can('/community/unit/delete')}
                  onClose={(e) => {
                    e.preventDefault();
                    void deleteUnit(u.id).then(
                      () => q.refetch(),
                      () => undefined,
                    );
                  }}
                >
                  {u.name}
                </Tag>
              ))}
              {!b.units.length && <Typography.Text type="secondary">{t('org.community.noUnits')}</Typography.Text>}
            </Flex>
          </Card>
        ))}
      </Flex>
    </Drawer>
  );
}
