// The frame of the pages reached before a session exists (second step, forgotten password, reset
// and invitation links): the sign-in page's card, so every way in looks like one place.
import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";

export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  // Marks the page once its handlers run (browser tests wait for it before typing).
  const hydrated = useHydrated();
  return (
    <main
      id="conteudo"
      data-hydrated={hydrated || undefined}
      className="flex min-h-screen items-center justify-center bg-gradient-to-br from-ink to-brand-700 px-4 py-12"
    >
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-2xl">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro ? <div className="mt-1 text-sm text-slate-600">{intro}</div> : null}
        {children}
      </div>
    </main>
  );
}

/** The card's main button: disabled and relabelled while its form is being sent (with JavaScript). */
export function SubmitButton({ children, busyLabel }: { children: ReactNode; busyLabel: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-full bg-brand-600 py-3 font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-60"
    >
      {busy ? busyLabel : children}
    </button>
  );
}
