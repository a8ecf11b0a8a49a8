import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export type Toast = { id: number; title: string; description?: string; variant: 'default' | 'destructive' };
type ToastInput = Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] };

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});
const TOAST_MS = 5_000;

/** Toasts announced politely to screen readers; errors assertively. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)),
    [],
  );
  const show = useCallback(
    (input: ToastInput) => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-2), { variant: 'default', ...input, id }]);
      window.setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toaster" aria-live="polite" role="region" aria-label="Notifications">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast-${toast.variant}`}
            role={toast.variant === 'destructive' ? 'alert' : 'status'}
          >
            <div>
              <p className="toast-title">{toast.title}</p>
              {toast.description && <p className="toast-description">{toast.description}</p>}
            </div>
            <button
              type="button"
              className="toast-close"
              onClick={() => dismiss(toast.id)}
              aria-label="Dismiss"
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
