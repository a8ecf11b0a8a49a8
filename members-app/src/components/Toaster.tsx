import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  /**
   * Toasts of one kind replace each other: by default those with the same title; a shared kind makes
   * the outcomes of one action (e.g. "Access denied", then "Access granted") replace each other too.
   */
  kind: string;
};
type ToastInput = Omit<Toast, 'id' | 'variant' | 'kind'> & { variant?: Toast['variant']; kind?: string };

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});
type LayerRegistry = { open: (layer: HTMLElement) => void; close: (layer: HTMLElement) => void };
const LayerContext = createContext<LayerRegistry>({ open: () => {}, close: () => {} });
const TOAST_MS = 5_000;

/**
 * Toasts announced politely to screen readers; errors assertively. They show at the top centre, narrow,
 * away from the row controls of lists (lock switches, Edit, Delete) that sit at the right and bottom,
 * and below a navigation bar that reports its height as --toaster-top.
 */
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
      const toast: Toast = { variant: 'default', ...input, kind: input.kind ?? input.title, id };
      setToasts((list) => [...list.filter((shown) => shown.kind !== toast.kind).slice(-2), toast]);
      window.setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  // Open modal dialogs, newest last: while one is open the page behind it is inert, so toasts show in it.
  const [layers, setLayers] = useState<HTMLElement[]>([]);
  const registry = useMemo<LayerRegistry>(
    () => ({
      open: (layer) => setLayers((list) => [...list, layer]),
      close: (layer) => setLayers((list) => list.filter((open) => open !== layer)),
    }),
    [],
  );
  const layer = layers[layers.length - 1];
  const region = (
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
  );
  return (
    <ToastContext.Provider value={value}>
      <LayerContext.Provider value={registry}>
        {children}
        {layer ? createPortal(region, layer) : region}
      </LayerContext.Provider>
    </ToastContext.Provider>
  );
}

/** A modal layer (an open <dialog>) in which toasts show while it is open. */
export function useToastLayer(layer: RefObject<HTMLElement | null>) {
  const { open, close } = useContext(LayerContext);
  useEffect(() => {
    const element = layer.current;
    if (!element) return;
    open(element);
    return () => close(element);
  }, [layer, open, close]);
}

export function useToast() {
  return useContext(ToastContext);
}
