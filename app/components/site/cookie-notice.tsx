// Cookie notice: shown while no choice is stored. 'Aceitar' and
// 'Recusar' store it in localStorage and in the `cookieConsent` cookie (so the server skips the
// banner next time); without JavaScript they post to /consent, which sets the cookie and comes
// back. 'Saber mais e personalizar' hides the banner and opens the privacy policy, storing nothing.
//
// While shown, the chat stacks above it: --cookie-notice-h is the banner's height. Without
// JavaScript app.css sets a generous estimate per screen size on the page's root
// (`:root:has(#aviso-cookies)`); with it, the banner measures itself and sets it on the chat.
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Form, Link, useLocation } from "react-router";
import { CHAT_DOCK_ATTRIBUTE } from "~/components/chat/chat-parts";
import { clearConsent, CONSENT_RESET_ATTRIBUTE, readStoredConsent, storeConsent, type ConsentChoice } from "~/lib/consent";

// The choice kept in this browser's localStorage (none while the server renders or hydrates).
const noSubscription = () => () => {};
const storedChoice = () => readStoredConsent();
const noStoredChoice = () => null;

export function CookieNotice({ consent }: { consent: ConsentChoice | null }) {
  const stored = useSyncExternalStore(noSubscription, storedChoice, noStoredChoice);
  const [dismissed, setDismissed] = useState(false);
  const [reopened, setReopened] = useState(false);
  const visible = reopened || (consent === null && stored === null && !dismissed);
  const location = useLocation();
  const bannerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // A choice kept in localStorage whose cookie is gone (cleared, expired): mirror it again.
    if (stored && consent === null) storeConsent(stored);
  }, [stored, consent]);

  useEffect(() => {
    // The footer's 'Preferências de cookies' (server markup, a form posting to /consent without
    // JavaScript): forget the choice here and show the notice again, without leaving the page.
    const reopen = (event: MouseEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest(`[${CONSENT_RESET_ATTRIBUTE}]`)) return;
      event.preventDefault();
      clearConsent();
      setReopened(true);
    };
    document.addEventListener("click", reopen);
    return () => document.removeEventListener("click", reopen);
  }, []);

  const hide = () => {
    setDismissed(true);
    setReopened(false);
  };

  useEffect(() => {
    const banner = bannerRef.current;
    if (!visible || !banner) return;
    // Set on the chat's own element, not on the page's root: a custom property changed on the
    // root restyles every element of the page (about a thousand on the home page: a task of some
    // 40 ms on a server-class core and several times that on a phone, right as the page hydrates).
    const dock = document.querySelector<HTMLElement>(`[${CHAT_DOCK_ATTRIBUTE}]`);
    if (!dock) return;
    const observer = new ResizeObserver(() => dock.style.setProperty(HEIGHT_VARIABLE, `${banner.offsetHeight}px`));
    observer.observe(banner);
    return () => {
      observer.disconnect();
      dock.style.removeProperty(HEIGHT_VARIABLE);
    };
  }, [visible]);

  if (!visible) return null;

  const choose = (choice: ConsentChoice) => (event: React.MouseEvent) => {
    event.preventDefault();
    storeConsent(choice);
    hide();
  };

  return (
    <section
      ref={bannerRef}
      aria-labelledby="aviso-cookies"
      className="fixed inset-x-0 bottom-0 z-[70] border-t border-slate-200 bg-white shadow-[0_-12px_40px_-12px_rgba(11,31,58,0.25)]"
    >
      <div className="container-site flex flex-col gap-3 py-3 sm:gap-4 sm:py-5 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-3xl">
          <h2 id="aviso-cookies" className="text-sm font-bold text-ink sm:text-base">
            Aviso
          </h2>
          <p className="mt-0.5 text-[13px] leading-snug text-slate-700 sm:mt-1 sm:text-sm sm:leading-normal">
            Utilizamos cookies para garantir as funcionalidades do site, melhorar a sua experiência, medir a audiência e personalizar o marketing. Você pode
            aceitar ou recusar os cookies não essenciais.{" "}
            <Link
              to="/politica-privacidade"
              onClick={hide}
              className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-4 hover:text-brand-800"
            >
              Saber mais e personalizar
            </Link>
          </p>
        </div>
        <Form method="post" action="/consent" reloadDocument className="grid shrink-0 grid-cols-2 gap-2 sm:flex sm:items-center">
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button
            type="submit"
            name="consent"
            value="rejected"
            onClick={choose("rejected")}
            className="btn cursor-pointer border border-slate-300 px-5 py-2 text-slate-800 hover:bg-slate-100 sm:py-2.5"
          >
            Recusar
          </button>
          <button type="submit" name="consent" value="accepted" onClick={choose("accepted")} className="btn btn-primary cursor-pointer px-5 py-2 sm:py-2.5">
            Aceitar
          </button>
        </Form>
      </div>
    </section>
  );
}

/** The custom property the chat reads to stay above the banner. */
const HEIGHT_VARIABLE = "--cookie-notice-h";
