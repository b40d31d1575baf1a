import type { TLift } from '@liftguard/contract/registry/lift';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shaftFloors } from '../monitor/lift-live.ts';
import { CommandPanel } from './CommandPanel.tsx';

/** Lift-list action: the remote command panel of one lift in a drawer. */
export function RemoteControlButton({
  lift,
}: {
  lift: Pick<TLift, 'id' | 'name' | 'terminal_id' | 'positive_floors' | 'negative_floors' | 'j_floors'>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!lift.terminal_id) return null;
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid={`remote-${lift.id}`}>
        {t('command.open')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={lift.name} width={520} destroyOnHidden>
        {open && (
          <CommandPanel
            liftId={lift.id}
            terminalId={lift.terminal_id}
            liftName={lift.name}
            floors={shaftFloors(Math.max(lift.positive_floors, 1), lift.negative_floors, lift.j_floors)}
          />
        )}
      </Drawer>
    </>
  );
}
