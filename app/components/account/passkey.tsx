// The browser half of passkeys (@simplewebauthn/browser): each ceremony asks the server for
// options, lets the browser talk to the authenticator, and posts its answer back to
// /admin/chave-de-acesso (signing in) or /admin/conta/chave-de-acesso (adding one). A passkey
// needs JavaScript: these buttons render only after hydration (and only where the browser offers
// WebAuthn), so without it the pages are the password and code forms they always were.
import { useState } from "react";
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { useHydrated } from "~/hooks/use-hydrated";

const SIGN_IN = "/admin/chave-de-acesso";
const ACCOUNT = "/admin/conta/chave-de-acesso";
const SESSION_ENDED = "Sua sessão terminou. Recarregue a página e entre novamente.";
const NETWORK = "Não foi possível falar com o servidor. Confira a sua conexão e tente de novo.";

type Answer = { ok: true; body: Record<string, unknown> } | { ok: false; error: string };

async function post(endpoint: string, body: Record<string, unknown>): Promise<Answer> {
  try {
    const response = await fetch(endpoint, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    // The admin guard sends a request whose session ended to the sign-in page (an HTML answer).
    if (response.redirected || !response.headers.get("Content-Type")?.includes("json")) return { ok: false, error: SESSION_ENDED };
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) return { ok: false, error: typeof json.error === "string" ? json.error : NETWORK };
    return { ok: true, body: json };
  } catch {
    return { ok: false, error: NETWORK };
  }
}

/** What the person reads when the browser's own prompt did not give a credential. */
function promptFailure(error: unknown, creating: boolean): string {
  const code = error instanceof WebAuthnError ? error.code : null;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "Este dispositivo já tem uma chave de acesso desta conta.";
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED") {
    return creating
      ? "A chave de acesso não foi criada: o pedido foi cancelado ou o tempo acabou. Tente de novo quando quiser."
      : "A chave de acesso não foi usada: o pedido foi cancelado ou o tempo acabou. Tente de novo ou use a senha.";
  }
  return creating
    ? "Este navegador ou dispositivo não conseguiu criar a chave de acesso."
    : "Este navegador ou dispositivo não conseguiu usar a chave de acesso.";
}

/** Signs in with a passkey (alone, or as the second step); the error to show, or never returns (the page moves on). */
async function signIn(kind: "sign-in" | "second-step", redirectTo: string | undefined): Promise<string> {
  const options = await post(SIGN_IN, { step: `${kind}-options` });
  if (!options.ok) return options.error;
  let response;
  try {
    response = await startAuthentication({ optionsJSON: options.body as never });
  } catch (error) {
    return promptFailure(error, false);
  }
  const result = await post(SIGN_IN, { step: kind, response, ...(redirectTo ? { redirectTo } : {}) });
  if (!result.ok) return result.error;
  // A full load: the session's first page, and its toast, come from the server.
  window.location.assign(String(result.body.redirectTo));
  return "";
}

/** Adds a passkey to the signed-in account; the error to show, or "" (the page reloads). */
export async function registerPasskey(password: string, name: string): Promise<string> {
  const options = await post(ACCOUNT, { step: "register-options", password });
  if (!options.ok) return options.error;
  let response;
  try {
    response = await startRegistration({ optionsJSON: options.body as never });
  } catch (error) {
    return promptFailure(error, true);
  }
  const result = await post(ACCOUNT, { step: "register", response, name });
  if (!result.ok) return result.error;
  window.location.assign(String(result.body.redirectTo));
  return "";
}

/** Whether passkey buttons may show: hydrated, in a browser that offers WebAuthn. */
export function usePasskeysAvailable(): boolean {
  const hydrated = useHydrated();
  return hydrated && browserSupportsWebAuthn();
}

/** "Entrar com chave de acesso" (the sign-in page) or "Usar chave de acesso" (the second step), with its own error line. */
export function PasskeySignIn({
  kind,
  redirectTo,
  label,
  className,
  divider = true,
}: {
  kind: "sign-in" | "second-step";
  redirectTo?: string;
  label: string;
  className: string;
  /** An "ou" line above the button, when it is the other way beside a form. */
  divider?: boolean;
}) {
  const available = usePasskeysAvailable();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  if (!available) return null;
  return (
    <div data-passkey className={divider ? "mt-4" : "mt-6"}>
      {divider ? (
        <p className="mb-4 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
          ou
          <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
        </p>
      ) : null}
      <button
        type="button"
        disabled={busy}
        className={className}
        onClick={async () => {
          setBusy(true);
          setError("");
          const failure = await signIn(kind, redirectTo);
          setError(failure);
          if (failure) setBusy(false);
        }}
      >
        {busy ? "Aguardando a chave de acesso..." : label}
      </button>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
