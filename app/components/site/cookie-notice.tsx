// Cookie notice (spec §2.3, §4, first reading): shown while no choice is stored. 'Aceitar' and
// 'Recusar' store it in localStorage and in the `cookieConsent` cookie (so the server skips the
// banner next time); without JavaScript they post to /consent, which sets the cookie and comes
// back. 'Saber mais e personalizar' hides the banner and opens the privacy policy, storing nothing.
import { useEffect, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { CONSENT_REOPEN_EVENT, readStoredConsent, storeConsent, type ConsentChoice } from "~/lib/consent";
import type { Consent } from "~/lib/consent.server";

export function CookieNotice({ consent }: { consent: Consent }) {
  const [visible, setVisible] = useState(consent === null);
  const location = useLocation();

  useEffect(() => {
    // A choice kept in localStorage whose cookie is gone (cleared, expired): mirror it again.
    const stored = readStoredConsent();
    if (stored) {
      if (consent === null) storeConsent(stored);
      setVisible(false);
    }
    const reopen = () => setVisible(true);
    window.addEventListener(CONSENT_REOPEN_EVENT, reopen);
    return () => window.removeEventListener(CONSENT_REOPEN_EVENT, reopen);
  }, [consent]);

  if (!visible) return null;

  const choose = (choice: ConsentChoice) => (event: React.MouseEvent) => {
    event.preventDefault();
    storeConsent(choice);
    setVisible(false);
  };

  return (
    <section
      aria-labelledby="aviso-cookies"
      className="fixed inset-x-0 bottom-0 z-[70] border-t border-slate-200 bg-white/98 shadow-[0_-12px_40px_-12px_rgba(11,31,58,0.25)] backdrop-blur"
    >
      <div className="container-site flex flex-col gap-4 py-5 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-3xl">
          <h2 id="aviso-cookies" className="font-bold text-ink">
            Aviso
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Utilizamos cookies para garantir as funcionalidades do site, melhorar a sua experiência, medir a audiência e
            personalizar o marketing. Você pode aceitar ou recusar os cookies não essenciais.
          </p>
        </div>
        <Form method="post" action="/consent" reloadDocument className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <Link
            to="/politica-privacidade"
            onClick={() => setVisible(false)}
            className="px-2 py-2 text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            Saber mais e personalizar
          </Link>
          <button
            type="submit"
            name="consent"
            value="rejected"
            onClick={choose("rejected")}
            className="btn cursor-pointer border border-slate-300 px-5 py-2.5 text-slate-800 hover:bg-slate-100"
          >
            Recusar
          </button>
          <button type="submit" name="consent" value="accepted" onClick={choose("accepted")} className="btn btn-primary cursor-pointer px-5 py-2.5">
            Aceitar
          </button>
        </Form>
      </div>
    </section>
  );
}
