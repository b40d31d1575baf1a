import { AlertOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { fetchFaultCount } from '../../api/shell.ts';
import { PATHS } from '../navigation.ts';
import { faultBadgeText } from './fault-badge.ts';

export const FAULT_COUNT_QUERY_KEY = ['shell', 'faultCount'] as const;

/** Current faults (GET /api/indextree data.faultCount); opens the fault list, or reloads it when there. */
export function FaultBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: count = 0 } = useQuery({ queryKey: FAULT_COUNT_QUERY_KEY, queryFn: fetchFaultCount, refetchInterval: 60_000 });
  const onClick = () => {
    if (pathname === PATHS.faults) window.location.reload();
    else navigate(PATHS.faults, { replace: true });
  };
  return (
    <Tooltip title={t('shell.fault.count', { count })}>
      <Button type="text" onClick={onClick} aria-label={t('shell.header.faults')} data-testid="fault-badge">
        <Badge count={count > 0 ? faultBadgeText(count) : 0} size="small" offset={[6, -2]} color={count > 0 ? '#e5484d' : undefined}>
          <AlertOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Tooltip>
  );
}
