import { ApartmentOutlined, BankOutlined, CheckOutlined } from '@ant-design/icons';
import { Empty, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setCompany } from '../../api/identity.ts';
import { useCurrentUser } from '../session.ts';

/** `id` is the company or department node (what PUT /user/setcompany takes and current_company holds). */
type Membership = { id: number; name: string; kind: 'company' | 'department' };

/** Companies and departments of the user; clicking one makes it current and reloads (SPEC.md §2). */
export function MembershipTags() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [switching, setSwitching] = useState<number | null>(null);
  if (!user) return null;
  const memberships: Membership[] =
    user.departs.length > 0
      ? user.departs.map((d) => ({ id: d.company_id, name: d.name, kind: d.node_type }))
      : user.companies.map((c) => ({ id: c.company_id, name: c.name, kind: 'company' }));
  if (memberships.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.profile.noMemberships')} />;

  const onPick = async (m: Membership) => {
    if (m.id === user.current_company || switching !== null) return;
    setSwitching(m.id);
    try {
      await setCompany(m.id);
      window.location.reload();
    } catch {
      setSwitching(null);
    }
  };

  return (
    <>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('shell.profile.membershipsHint')}
      </Typography.Text>
      <Flex wrap gap={8} style={{ marginTop: 8 }} data-testid="membership-tags">
        {memberships.map((m) => {
          const current = m.id === user.current_company;
          return (
            <Tag
              key={`${m.kind}-${m.id}`}
              color={current ? 'blue' : undefined}
              icon={current ? <CheckOutlined /> : m.kind === 'company' ? <BankOutlined /> : <ApartmentOutlined />}
              onClick={() => void onPick(m)}
              style={{
                cursor: current ? 'default' : 'pointer',
                padding: '3px 10px',
                opacity: switching !== null && switching !== m.id ? 0.5 : 1,
              }}
              title={t(m.kind === 'company' ? 'shell.profile.company' : 'shell.profile.department')}
            >
              {m.name}
            </Tag>
          );
        })}
      </Flex>
    </>
  );
}
