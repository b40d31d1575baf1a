import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { bindHttp, type FailureAction } from '../api/http.ts';
import { currentLocale } from '../i18n/i18n.ts';
import { IS_MOBILE } from './device.ts';
import { showErrorDialog, toast } from './feedback.tsx';
import { PATHS } from './navigation.ts';
import { endSession } from './session.ts';

/** Connects the http client's failure decisions to toasts, dialogs and redirects. */
export function useHttpBridge(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const { t } = useTranslation();
  const here = location.pathname;

  useEffect(() => {
    const onFailure = (action: FailureAction) => {
      switch (action.kind) {
        case 'relogin':
          endSession(qc);
          toast.error(action.message, 'session');
          navigate(IS_MOBILE ? PATHS.mobileLogin : PATHS.login, { replace: true });
          return;
        case 'resetPassword':
          toast.warning(action.message, 'session');
          navigate(PATHS.setPassword, { replace: true, state: { reason: 'tooSimple', ticket: action.ticket } });
          return;
        case 'clearMessages':
          toast.clear();
          return;
        case 'dialog':
          void showErrorDialog(t('error.http.dialogTitle'), action.message);
          return;
        case 'toast':
          // same text at once → one toast
          toast[action.level](action.message, action.message);
          return;
        case 'networkError':
          if (here !== PATHS.networkError) navigate(PATHS.networkError, { replace: true, state: { from: here } });
          return;
      }
    };
    bindHttp({ locale: currentLocale, mobile: IS_MOBILE, onFailure });
  }, [navigate, qc, t, here]);
}
