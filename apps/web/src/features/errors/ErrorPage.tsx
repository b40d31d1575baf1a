import { Button, Result, type ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { readToken } from '../../api/token.ts';
import { IS_MOBILE } from '../../app/device.ts';
import { PATHS } from '../../app/navigation.ts';

type Props = { status: ResultProps['status']; title: string; desc: string; extra?: ReactNode };

/** Full-page error result with a way back: home when signed in, sign-in otherwise. */
export function ErrorPage({ status, title, desc, extra }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = readToken() !== null;
  const back = signedIn ? (IS_MOBILE ? PATHS.mobileHome : PATHS.home) : IS_MOBILE ? PATHS.mobileLogin : PATHS.login;
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <Result
        status={status}
        title={t(title)}
        subTitle={t(desc)}
        extra={
          <>
            {extra}
            <Button type="primary" onClick={() => navigate(back, { replace: true })}>
              {t(signedIn ? 'app.action.goHome' : 'app.action.goLogin')}
            </Button>
          </>
        }
      />
    </div>
  );
}
