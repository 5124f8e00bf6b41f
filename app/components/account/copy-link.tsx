// A link to hand over by hand (no e-mail configured): shown in a read-only field that selects
// itself, so it can be copied without JavaScript; with it, a "Copiar" button does it in one click.
import { useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

export function CopyLink({ label, url }: { label: string; url: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3">
      <label htmlFor="link-para-copiar" className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id="link-para-copiar"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
            className="shrink-0 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            {copied ? "Copiado!" : "Copiar"}
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-slate-600">Envie este link só para essa pessoa: quem o tiver pode criar a senha da conta.</p>
    </div>
  );
}
