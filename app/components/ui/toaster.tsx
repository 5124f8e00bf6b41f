import { useEffect, useState } from "react";
import { TOAST_EVENT, type Toast } from "~/lib/toast";

/**
 * Server-rendered toast region. It is present in the HTML (so it shows without JavaScript), and
 * each toast hides itself after a few seconds and lets taps through to what is under it (app.css),
 * with JavaScript or without. Client code can show more toasts by calling `showToast` (a window event).
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [items, setItems] = useState<Array<Toast & { id: number }>>(() => (toast ? [{ ...toast, id: 0 }] : []));

  // A new toast from the server (after a navigation) joins the list as soon as it arrives.
  const [serverToast, setServerToast] = useState(toast);
  if (toast !== serverToast) {
    setServerToast(toast);
    if (toast) setItems((list) => [...list.filter((t) => t.id !== 0), { ...toast, id: Date.now() }]);
  }

  useEffect(() => {
    const onToast = (event: Event) => {
      const detail = (event as CustomEvent<Toast>).detail;
      setItems((list) => [...list, { ...detail, id: Date.now() + Math.random() }]);
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  return (
    <div
      data-toasts
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-20 z-[60] flex flex-col items-center gap-2 px-4 sm:items-end sm:pr-6"
    >
      {items.map((t) => (
        <div
          key={t.id}
          data-toast={t.type}
          // Each toast hides itself (app.css); once it has, it leaves the list too.
          onAnimationEnd={(event) => {
            if (event.animationName === "toast-out") setItems((list) => list.filter((item) => item.id !== t.id));
          }}
          className={`toast-in w-full max-w-sm rounded-xl border px-4 py-3 shadow-lg ${
            t.type === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-emerald-200 bg-white text-slate-900"
          }`}
        >
          <p className="font-semibold">{t.title}</p>
          {t.description ? <p className="mt-0.5 text-sm opacity-80">{t.description}</p> : null}
        </div>
      ))}
    </div>
  );
}
