import { X } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { m } from '../i18n/paraglide/messages';
import { TOAST_DURATION_MS } from '../lib/constants';

type ToastType = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

const ToastContext = createContext<((type: ToastType, message: string) => void) | null>(null);

const STYLES: Record<ToastType, string> = {
  success: 'bg-green-700 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-slate-800 text-white',
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((type: ToastType, message: string) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, type, message }]);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* Always in the page so screen readers are already listening when a toast arrives. */}
      <div aria-live="polite" className="fixed right-4 bottom-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onClose={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onClose]);
  return (
    <div role={toast.type === 'error' ? 'alert' : 'status'} data-type={toast.type} className={`flex items-start gap-3 rounded-lg px-4 py-3 shadow-lg ${STYLES[toast.type]}`}>
      <p className="flex-1 text-sm">{toast.message}</p>
      <button type="button" aria-label={m.closeNotification()} onClick={() => onClose(toast.id)} className="rounded p-0.5 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white">
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return useMemo(
    () => ({
      success: (message: string) => show('success', message),
      error: (message: string) => show('error', message),
      info: (message: string) => show('info', message),
    }),
    [show],
  );
}
