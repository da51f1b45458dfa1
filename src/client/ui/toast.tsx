import { X } from 'lucide-react';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { m } from '../i18n/paraglide/messages';
import { TOAST_DURATION_MS } from '../lib/constants';

type ToastType = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

const STYLES: Record<ToastType, string> = {
  success: 'bg-green-700 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-slate-800 text-white',
};

// One list of toasts for the whole page: the landing page's islands are separate React roots, and
// a toast raised in one (the inquiry form) shows in the one viewport (docs/decisions/0021-react-islands.md).
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const NONE: readonly Toast[] = [];

function show(type: ToastType, message: string) {
  toasts = [...toasts, { id: nextId++, type, message }];
  emit();
}

function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Where the toasts appear: always in the page, so screen readers are already listening when one arrives. */
export function ToastViewport() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NONE,
  );
  return (
    <div aria-live="polite" className="fixed right-4 bottom-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2">
      {list.map((t) => (
        <ToastItem key={t.id} toast={t} onClose={dismiss} />
      ))}
    </div>
  );
}

/** A screen with its toasts (the router's pages). */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToastViewport />
    </>
  );
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onClose]);
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-type={toast.type}
      className={`flex items-start gap-3 rounded-lg px-4 py-3 shadow-lg ${STYLES[toast.type]}`}
    >
      <p className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">{toast.message}</p>
      <button
        type="button"
        aria-label={m.closeNotification()}
        onClick={() => onClose(toast.id)}
        className="rounded p-0.5 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}

const TOAST = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

export function useToast() {
  return TOAST;
}
