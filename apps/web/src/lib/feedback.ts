import type * as FeedbackUiModule from './feedback-ui';
import type { ConfirmOptions } from './feedback-ui';

/**
 * Toasts, notifications and confirms, loaded on first use: Arco's Modal,
 * Notification and Message (with focus-lock and transitions) would otherwise
 * weigh on the login page, which rarely needs them.
 */
type FeedbackUi = typeof FeedbackUiModule;

let loading: Promise<FeedbackUi> | null = null;

function withUi(use: (ui: FeedbackUi) => void): void {
  // A chunk that failed to load (a network blip) is asked for again next time, not never.
  loading ??= import('./feedback-ui').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  loading.then(use).catch(() => undefined);
}

export function showSuccess(content: string): void {
  withUi((ui) => ui.showSuccess(content));
}

export function showInfo(content: string): void {
  withUi((ui) => ui.showInfo(content));
}

export function showWarning(content: string): void {
  withUi((ui) => ui.showWarning(content));
}

export function showMessageError(content: string): void {
  withUi((ui) => ui.showMessageError(content));
}

export function notifyError(content: string, title?: string): void {
  withUi((ui) => ui.notifyError(content, title));
}

export function openConfirm(options: ConfirmOptions): void {
  withUi((ui) => ui.openConfirm(options));
}
