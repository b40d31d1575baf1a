import type { TUserRow } from '@liftguard/contract/org/user';
import { Button, Col, Drawer, Flex, Form, Input, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { addUser, deleteMembership, saveMembership, updateUser } from '../org/api.ts';
import { MembershipFields, type MembershipValue } from './MembershipFields.tsx';
import { contactProblem, emailProblem, mobileProblem, passwordProblem, usernameProblem } from './user-rules.ts';

type Values = {
  username: string;
  realname: string;
  mobile?: string;
  email?: string;
  password?: string;
  job_num?: string;
  job?: string;
  memberships: MembershipValue[];
};

type Props = { open: boolean; user: TUserRow | null; onClose: () => void; onSaved: () => void };

const membershipOf = (m: MembershipValue) => ({
  company_id: m.company_id as number,
  role_id: m.role_id ?? null,
  j_community_ids: m.j_community_ids ?? [],
  j_region: m.j_region ?? [],
});

/** Create or edit a user with memberships (the server answers 4026/4027/4101 for duplicates). */
export function UserDrawer({ open, user, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const creating = user === null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user)
      form.setFieldsValue({
        username: user.username,
        realname: user.realname,
        mobile: user.mobile ?? '',
        email: user.email ?? '',
        job_num: user.job_num ?? '',
        job: user.job ?? '',
        memberships: user.memberships.map((m) => ({
          company_id: m.company_id,
          role_id: m.role_id,
          j_community_ids: m.j_community_ids,
          j_region: m.j_region,
        })),
      });
    else form.setFieldsValue({ memberships: [{ role_id: null, j_community_ids: [], j_region: [] }] });
  }, [open, user, form]);

  const rule = (problem: (v: string | undefined) => string | null) => ({
    validator: async (_: unknown, v: string | undefined) => {
      const p = problem(v);
      if (p) throw new Error(t(p));
    },
  });
  const contactRule = {
    validator: async () => {
      const p = contactProblem({ mobile: form.getFieldValue('mobile'), email: form.getFieldValue('email') });
      if (p) throw new Error(t(p));
    },
  };

  const onSubmit = async () => {
    const v = await form.validateFields();
    const [first, ...rest] = v.memberships;
    if (!first) return;
    setSaving(true);
    try {
      const profile = {
        username: v.username.trim(),
        realname: v.realname?.trim() ?? '',
        mobile: v.mobile?.trim() || null,
        email: v.email?.trim() || null,
        job_num: v.job_num?.trim() || null,
        job: v.job?.trim() || null,
      };
      if (creating) {
        const created = await addUser({ ...profile, password: v.password ?? '', membership: membershipOf(first) });
        for (const m of rest) await saveMembership(created.id, membershipOf(m));
      } else {
        await updateUser({ id: user.id, ...profile, ...(v.password ? { password: v.password } : {}) });
        const kept = new Set(v.memberships.map((m) => m.company_id));
        for (const old of user.memberships) if (!kept.has(old.company_id)) await deleteMembership(user.id, old.company_id);
        for (const m of v.memberships) await saveMembership(user.id, membershipOf(m));
      }
      toast.success(t('org.saved'));
      onSaved();
    } catch {
      // the client has told the user (toast or dialog); the drawer stays open for a fix
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={720}
      title={creating ? t('org.user.create') : t('org.user.edit', { name: user.username })}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('app.action.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={onSubmit} data-testid="user-save">
            {t('org.action.save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" data-testid="user-form">
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="username" label={t('org.user.username')} rules={[rule(usernameProblem)]} required>
              <Input maxLength={64} autoComplete="off" data-testid="user-username" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="realname" label={t('org.user.realname')}>
              <Input maxLength={60} data-testid="user-realname" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="mobile" label={t('org.user.mobile')} rules={[rule(mobileProblem), contactRule]} dependencies={['email']}>
              <Input maxLength={20} data-testid="user-mobile" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('org.user.email')} rules={[rule(emailProblem), contactRule]} dependencies={['mobile']}>
              <Input maxLength={128} data-testid="user-email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="password"
              label={t('org.user.password')}
              required={creating}
              extra={creating ? t('org.user.passwordRules') : t('org.user.passwordKeep')}
              rules={[rule((v) => passwordProblem(v, creating))]}
            >
              <Input.Password maxLength={30} autoComplete="new-password" data-testid="user-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="job_num" label={t('org.user.jobNum')}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="job" label={t('org.user.job')}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
        </Row>
        <MembershipFields />
      </Form>
    </Drawer>
  );
}
