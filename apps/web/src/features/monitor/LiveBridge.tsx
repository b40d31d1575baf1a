import type { TLiveEvent } from '@liftguard/contract/live/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { connectLive, live } from '../../api/live.ts';
import { IS_MOBILE } from '../../app/device.ts';
import { PATHS } from '../../app/navigation.ts';
import { endSession } from '../../app/session.ts';
import { FAULT_COUNT_QUERY_KEY } from '../../app/shell/FaultBadge.tsx';
import { sendCommand } from '../commands/api.ts';
import { useLiveEvent } from './useLive.ts';

/**
 * Mounted once by the shells: opens the shared live channel for the signed-in user, drives the
 * header fault badge, and shows the forced-offline and help (SOS) dialogs of SPEC.md §4.
 */
export function LiveBridge() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [modal, holder] = Modal.useModal();
  const [video, setVideo] = useState<TLiveEvent | null>(null);

  useEffect(() => {
    connectLive();
    return () => live.disconnect();
  }, []);

  useLiveEvent(['addF', 'delF'], (e) => {
    qc.setQueryData<number>(FAULT_COUNT_QUERY_KEY, (n) => (n === undefined ? n : Math.max(0, n + (e.action === 'addF' ? 1 : -1))));
  });
  useLiveEvent(['up_report_fault', 'up_solve_fault'], () => {
    void qc.invalidateQueries({ queryKey: FAULT_COUNT_QUERY_KEY });
  });

  useLiveEvent(['forced_offline'], () => {
    live.disconnect();
    modal.warning({
      title: t('live.forcedOffline.title'),
      content: t('live.forcedOffline.content'),
      okText: t('live.forcedOffline.ok'),
      keyboard: false,
      onOk: () => {
        endSession(qc);
        navigate(IS_MOBILE ? PATHS.mobileLogin : PATHS.login, { replace: true });
      },
    });
  });

  useLiveEvent(['help'], (e) => {
    const terminal = e.terminal_id ?? '';
    modal.confirm({
      title: t('live.help.title'),
      content: t('live.help.content', { lift: e.deviceName ?? terminal, terminal }),
      okText: t('live.help.ok'),
      cancelText: t('live.help.cancel'),
      onOk: async () => {
        if (terminal.startsWith('L_')) {
          // opening monitoring needs no password; a refusal (lift busy) is toasted by the http client
          await sendCommand({ action: 'monitor', terminal_id: terminal, data: { on: true } }).catch(() => undefined);
          if (e.lift_id) navigate(`${IS_MOBILE ? '/m_monitor' : '/device/monitor'}/${e.lift_id}`);
        } else setVideo(e);
      },
    });
  });

  return (
    <>
      {holder}
      <Modal
        open={video !== null}
        title={t('live.video.title', { lift: video?.deviceName ?? video?.terminal_id ?? '' })}
        width="100%"
        style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
        styles={{ body: { minHeight: 'calc(100vh - 120px)', display: 'grid', placeItems: 'center' } }}
        footer={null}
        maskClosable={false}
        onCancel={() =>
          modal.confirm({
            title: t('live.video.closeConfirm'),
            okText: t('live.help.ok'),
            cancelText: t('live.help.cancel'),
            onOk: () => setVideo(null),
          })
        }
        data-testid="sos-video-modal"
      >
        <div style={{ width: 400, height: 400, background: '#111827', borderRadius: 8, display: 'grid', placeItems: 'center' }}>
          <Result
            status="warning"
            title={<span style={{ color: '#fff' }}>{t('live.video.unavailable')}</span>}
            subTitle={<span style={{ color: '#cbd5e1' }}>{t('live.video.unavailableHint')}</span>}
          />
        </div>
      </Modal>
    </>
  );
}
