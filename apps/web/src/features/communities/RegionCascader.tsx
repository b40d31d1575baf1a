import { Cascader } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import { regionOptions } from './regions.ts';

/** Province / city / district picker over the static dataset (value: the Chinese names). */
export function RegionCascader({ value, onChange, testId }: { value?: string[]; onChange?: (v: string[]) => void; testId?: string }) {
  const { t, i18n } = useTranslation();
  void i18n.language;
  return (
    <Cascader
      data-testid={testId}
      options={regionOptions(currentLocale())}
      value={value?.length ? value : undefined}
      onChange={(v) => onChange?.((v ?? []) as string[])}
      changeOnSelect
      placeholder={t('org.region.placeholder')}
      showSearch
      style={{ width: '100%' }}
    />
  );
}
