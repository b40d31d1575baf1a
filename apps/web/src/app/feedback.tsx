/**
 * Toasts and the error dialog for the whole app. Ant Design's message and modal code is
 * loaded when the first one is shown, so the sign-in route does not carry it; the theme comes
 * from `ConfigProvider.config({ holderRender })` in Providers.tsx.
 */
type Level = 'success' | 'error' | 'warning';

const loadMessage = () => import('antd/es/message').then((m) => m.default);

function open(type: Level, content: string, key?: string): void {
  void loadMessage().then((message) => message.open({ type, content, key }));
}

export const toast = {
  success: (content: string, key?: string) => open('success', content, key),
  error: (content: string, key?: string) => open('error', content, key),
  warning: (content: string, key?: string) => open('warning', content, key),
  clear: () => void loadMessage().then((message) => message.destroy()),
};

/** An error dialog with the server's message (codes above 10000, SPEC.md §8). */
export async function showErrorDialog(title: string, content: string): Promise<void> {
  const { default: Modal } = await import('antd/es/modal');
  Modal.error({ title, content });
}
