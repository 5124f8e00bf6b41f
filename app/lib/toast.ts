// The toast shape shared by the server (flash cookie, action replies) and the browser (the
// root Toaster), and the window event through which client code shows one more toast.
export interface Toast {
  type: "success" | "error";
  title: string;
  description?: string;
}

export const TOAST_EVENT = "toast";

/** Shows a toast through the root Toaster. */
export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: toast }));
}
