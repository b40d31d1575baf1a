import type { TLift } from '@liftguard/contract/registry/lift';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { liftDetail } from './api.ts';
import { FavouriteStar } from './FavouriteStar.tsx';
import { LiftInfo } from './LiftInfo.tsx';

type Props = { id: number | null; onClose: () => void; onEdit?: (lift: TLift) => void };

/** Everything about one lift (GET /device/detail), grouped as in the form; the full page adds faults and maintenance. */
export function LiftDetailDrawer({ id, onClose, onEdit }: Props) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['lift', 'detail', id], queryFn: () => liftDetail(id as number), enabled: id !== null });
  const l = q.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={760}
      title={l ? `${l.name} · ${l.code}` : t('lift.action.detail')}
      extra={
        l && (
          <Space>
            {!l.deleted_at && <FavouriteStar lift={l} />}
            <Link to={`/device/list/${l.id}`} data-testid="lift-detail-page-link">
              {t('maintenance.detail.openPage')}
            </Link>
            <Link to={`/device/monitor/${l.id}`}>{t('lift.action.monitor')}</Link>
            {onEdit && !l.deleted_at && <Button onClick={() => onEdit(l)}>{t('lift.action.edit')}</Button>}
          </Space>
        )
      }
    >
      {!l ? <Skeleton active /> : <LiftInfo lift={l} />}
    </Drawer>
  );
}
