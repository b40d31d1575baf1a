import { Button } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../i18n/catalogue.ts';
import { currentLocale, switchLocale } from '../i18n/i18n.ts';

/** Language choice for the pages before sign-in: plain buttons, so the login route stays light. */
export function LanguageLinks({ light = false }: { light?: boolean }) {
  const { t } = useTranslation();
  const current = currentLocale();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center' }} data-testid="language-switch">
      {LOCALES.map((l, i) => (
        <Fragment key={l}>
          {i > 0 && <span style={{ color: light ? 'rgba(255,255,255,0.5)' : '#c9d1dd' }}>|</span>}
          <Button
            type="link"
            size="small"
            aria-pressed={l === current}
            onClick={() => void switchLocale(l)}
            style={{
              fontWeight: l === current ? 600 : 400,
              color: light ? '#fff' : l === current ? undefined : '#5b6679',
              opacity: light && l !== current ? 0.75 : 1,
            }}
          >
            {t(`app.language.${l}`)}
          </Button>
        </Fragment>
      ))}
    </span>
  );
}
