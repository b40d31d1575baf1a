import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
// the ES build: 'antd/locale/*' is CommonJS and would pull antd's lib/ copy into the bundle
import type { Locale as AntLocale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http.ts';
import { isLocale } from '../i18n/catalogue.ts';

/** Ant Design and dayjs texts per language; the default language is bundled, the others load on demand. */
const LOCALE_PACKS: Record<string, () => Promise<{ ant: AntLocale; dayjs: string }>> = {
  'zh-CN': async () => ({ ant: zhCN, dayjs: 'zh-cn' }),
  'en-US': async () => ({ ant: (await import('antd/es/locale/en_US')).default, dayjs: 'en' }),
  'pt-PT': async () => {
    const [ant] = await Promise.all([import('antd/es/locale/pt_PT'), import('dayjs/locale/pt')]);
    return { ant: ant.default, dayjs: 'pt' };
  },
};

export const BRAND_BLUE = '#1f5fbf';

const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_BLUE,
    colorInfo: BRAND_BLUE,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', bodyBg: '#f3f6fa', footerBg: '#f3f6fa', headerPadding: '0 24px' },
    Menu: { itemPaddingInline: 12 },
  },
};

// toasts and dialogs opened outside the React tree (app/feedback.tsx) get the same theme
ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider> });

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // an ApiError has been handled already (toast / redirect); retrying would repeat it
      retry: (count, err) => !(err instanceof ApiError) && count < 1,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-CN';
  const [antLocale, setAntLocale] = useState<AntLocale>(zhCN);
  useEffect(() => {
    let live = true;
    void LOCALE_PACKS[locale]?.().then((pack) => {
      if (!live) return;
      dayjs.locale(pack.dayjs);
      setAntLocale(pack.ant);
    });
    return () => {
      live = false;
    };
  }, [locale]);
  return (
    <ConfigProvider locale={antLocale} theme={theme}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
