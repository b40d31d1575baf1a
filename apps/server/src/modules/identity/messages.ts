import type { Locale } from '@liftguard/contract';

/** Text of the verification-code message, in the language of the account that receives it. */
export function codeMessage(locale: Locale, code: string, minutes: number): { subject: string; body: string } {
  switch (locale) {
    case 'en-US':
      return {
        subject: 'LiftGuard verification code',
        body: `Your LiftGuard verification code is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`,
      };
    case 'pt-PT':
      return {
        subject: 'Código de verificação LiftGuard',
        body: `O seu código de verificação LiftGuard é ${code}. É válido durante ${minutes} minutos. Se não o pediu, ignore esta mensagem.`,
      };
    default:
      return {
        subject: 'LiftGuard 验证码',
        body: `您的 LiftGuard 验证码是 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略本消息。`,
      };
  }
}
