import type { ToastMessage } from "~/components/ui/toaster";

export type { ToastMessage };

/** Shows a toast through the root Toaster (window event "toast"). */
export function showToast(toast: ToastMessage) {
  window.dispatchEvent(new CustomEvent("toast", { detail: toast }));
}
