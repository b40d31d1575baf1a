import { GlobalOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../api/identity.ts';
import { readToken } from '../api/token.ts';
import { isLocale, LOCALES } from '../i18n/catalogue.ts';
import { currentLocale, switchLocale } from '../i18n/i18n.ts';
import { USER_QUERY_KEY } from './session.ts';

/** zh-CN / en-US / pt-PT: kept in local storage and, when signed in, reported to the server. */
export function LanguageSwitch({ light = false }: { light?: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const onPick = async (key: string) => {
    if (!isLocale(key) || key === currentLocale()) return;
    await switchLocale(key);
    if (readToken()) {
      await changeLanguage(key).catch(() => undefined);
      qc.setQueryData(USER_QUERY_KEY, (u: { language: string } | null | undefined) => (u ? { ...u, language: key } : u));
    }
  };
  return (
    <Dropdown
      // click only: with hover as well, the hover opens the menu and the click then closes it again
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [currentLocale()],
        items: LOCALES.map((l) => ({ key: l, label: t(`app.language.${l}`) })),
        onClick: ({ key }) => void onPick(key),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('app.language.label')}
        style={light ? { color: '#fff' } : undefined}
        data-testid="language-switch"
      >
        {t(`app.language.${currentLocale()}`)}
      </Button>
    </Dropdown>
  );
}
