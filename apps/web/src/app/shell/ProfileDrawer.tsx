import { ClearOutlined, KeyOutlined, LogoutOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Descriptions, Divider, Drawer, Flex, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { flushCache, logout, uploadLogo } from '../../api/identity.ts';
import { readToken } from '../../api/token.ts';
import { IS_MOBILE } from '../device.ts';
import { toast } from '../feedback.tsx';
import { PATHS } from '../navigation.ts';
import { endSession, USER_QUERY_KEY, useCurrentUser } from '../session.ts';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';
import { MembershipTags } from './MembershipTags.tsx';

/** Personal information, memberships and account actions (SPEC.md §2 "Personal-info drawer"). */
export function ProfileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [pwdOpen, setPwdOpen] = useState(false);
  if (!user) return null;
  const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

  const onLogout = () =>
    modal.confirm({
      title: t('shell.profile.logoutConfirm'),
      okText: t('app.action.ok'),
      cancelText: t('app.action.cancel'),
      onOk: async () => {
        await logout().catch(() => undefined);
        endSession(qc);
        navigate(IS_MOBILE ? PATHS.mobileLogin : PATHS.login, { replace: true });
      },
    });

  const onFlush = async () => {
    await flushCache();
    toast.success(t('shell.profile.flushDone'));
  };

  const onUpload = async (file: File) => {
    const token = readToken();
    if (!token || user.current_company === null) return;
    await uploadLogo(file, token, user.current_company);
    await qc.invalidateQueries({ queryKey: USER_QUERY_KEY });
    toast.success(t('shell.profile.logoDone'));
  };

  return (
    <Drawer open={open} onClose={onClose} title={t('shell.profile.title')} size={420} data-testid="profile-drawer">
      <Flex align="center" gap={16} style={{ marginBottom: 20 }}>
        <Avatar size={56} src={user.head_url || undefined} style={{ backgroundColor: '#1f5fbf', fontSize: 22 }}>
          {(user.realname || user.username).slice(0, 1).toUpperCase()}
        </Avatar>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {user.realname || user.username}
          </Typography.Title>
          <Typography.Text type="secondary">{user.company?.name ?? user.username}</Typography.Text>
        </div>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'cid', label: t('shell.profile.companyId'), children: dash(user.current_company) },
          { key: 'realname', label: t('shell.profile.realname'), children: dash(user.realname) },
          { key: 'username', label: t('shell.profile.username'), children: user.username },
          { key: 'job_num', label: t('shell.profile.jobNum'), children: dash(user.job_num) },
          { key: 'job', label: t('shell.profile.job'), children: dash(user.job) },
          { key: 'mobile', label: t('shell.profile.mobile'), children: dash(user.mobile) },
          { key: 'email', label: t('shell.profile.email'), children: dash(user.email) },
        ]}
      />
      {!IS_MOBILE && user.current_company !== null && (
        <>
          <Divider titlePlacement="start" plain>
            {t('shell.profile.logo')}
          </Divider>
          <Space>
            <Upload
              accept="image/png,image/jpeg,image/svg+xml,image/webp"
              showUploadList={false}
              customRequest={({ file, onSuccess, onError }) => {
                onUpload(file as File).then(
                  () => onSuccess?.(null),
                  (e: Error) => onError?.(e),
                );
              }}
            >
              <Button icon={<UploadOutlined />}>{t('shell.profile.uploadLogo')}</Button>
            </Upload>
            <Typography.Text type="secondary">{t('shell.profile.logoHint')}</Typography.Text>
          </Space>
        </>
      )}
      <Divider titlePlacement="start" plain>
        {t('shell.profile.memberships')}
      </Divider>
      <MembershipTags />
      <Divider />
      <Flex wrap gap={8}>
        <Button icon={<KeyOutlined />} onClick={() => setPwdOpen(true)}>
          {t('shell.profile.changePassword')}
        </Button>
        {user.isROOT && (
          <Button icon={<ClearOutlined />} onClick={onFlush} data-testid="flush-cache">
            {t('shell.profile.flushCache')}
          </Button>
        )}
        <Button danger icon={<LogoutOutlined />} onClick={onLogout} data-testid="logout">
          {t('shell.profile.logout')}
        </Button>
      </Flex>
      <ChangePasswordModal open={pwdOpen} onClose={() => setPwdOpen(false)} />
      {modalHolder}
    </Drawer>
  );
}
