// Must run before the first imperative Arco call: React 19 dropped ReactDOM.render,
// and this hands Arco the createRoot it needs (docs/stack.md, "Arco Design and React 19").
import '@arco-design/web-react/es/_util/react-19-adapter';
import Message from '@arco-design/web-react/es/Message';
import Modal from '@arco-design/web-react/es/Modal';
import Notification from '@arco-design/web-react/es/Notification';

/** What a confirm shows and does (feedback.ts loads this file on first use). */
export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel?: () => void;
}

export function showSuccess(content: string): void {
  Message.success({ content, duration: 2500 });
}

export function showInfo(content: string): void {
  Message.info({ content, duration: 2500 });
}

export function showWarning(content: string): void {
  Message.warning({ content, duration: 4000 });
}

export function showMessageError(content: string): void {
  Message.error({ content, duration: 3000 });
}

export function notifyError(content: string, title?: string): void {
  Notification.error({ title, content, closable: true, duration: 4000 });
}

export function openConfirm(options: ConfirmOptions): void {
  Modal.confirm({
    title: options.title,
    content: options.content,
    okText: options.okText,
    cancelText: options.cancelText,
    onOk: options.onOk,
    onCancel: options.onCancel,
  });
}
