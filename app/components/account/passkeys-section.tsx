// "Chaves de acesso" in "Minha conta": the account's passkeys, each renamed or removed with plain
// forms (they work without JavaScript: renaming opens in the row, removing asks first on a page
// of its own, `?remover-chave=<id>`, a modal dialog with JavaScript). Adding one needs the
// browser's WebAuthn, so its form shows only after hydration, and asks for the password again.
import { useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { formConstraint } from "~/lib/forms/constraint";
import { formatDateTime } from "~/lib/dates";
import { TextField } from "~/components/admin/fields";
import { RouteDialog } from "~/components/admin/route-dialog";
import { ACCOUNT_FORM_VALIDATION } from "./validation-timing";
import { registerPasskey, usePasskeysAvailable } from "./passkey";

const PASSKEY_NAME_MAX = 60;

export const passkeyNameSchema = z.object({
  id: z.string(),
  name: z
    .string({ error: "Digite um nome para a chave" })
    .trim()
    .min(1, "Digite um nome para a chave")
    .max(PASSKEY_NAME_MAX, `Use no máximo ${PASSKEY_NAME_MAX} caracteres`),
});

interface PasskeyRow {
  id: string;
  name: string;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
}

const card = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";
const primary = "rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-60";
const secondary = "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50";
const input =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500";
const danger = "rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50";

export function PasskeysSection({
  page,
  passkeys,
  renaming,
  removing,
  afterLastPasskey,
  renameResult,
}: {
  /** The page's address, where the forms post and the dialog closes to. */
  page: string;
  passkeys: PasskeyRow[];
  /** The passkey whose name is being edited (`?renomear-chave=<id>`), if any. */
  renaming: string | null;
  /** The passkey whose removal is being confirmed (`?remover-chave=<id>`), if any. */
  removing: PasskeyRow | null;
  /** What the sign-in asks for once the last passkey is gone: said in its removal's confirmation. */
  afterLastPasskey: string;
  renameResult: SubmissionResult<string[]> | null | undefined;
}) {
  return (
    <section aria-labelledby="chaves-de-acesso" className={`${card} mt-6`}>
      <h2 id="chaves-de-acesso" className="text-lg font-semibold text-slate-900">
        Chaves de acesso
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Com uma chave de acesso, você entra com a digital, o rosto ou o PIN do seu dispositivo, sem digitar a senha. Com a verificação em duas etapas, ela
        também serve de segunda etapa depois da senha, no lugar do código.
      </p>
      {passkeys.length === 0 ? (
        <p className="mt-4 font-medium text-slate-700">Nenhuma chave de acesso cadastrada.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Suas chaves de acesso">
          {passkeys.map((passkey) =>
            renaming === passkey.id ? (
              <RenameRow key={passkey.id} page={page} passkey={passkey} lastResult={renameResult} />
            ) : (
              <li key={passkey.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-passkey-row>
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{passkey.name}</p>
                  <p className="text-sm text-slate-600">
                    Criada em <time dateTime={new Date(passkey.createdAt).toISOString()}>{formatDateTime(passkey.createdAt)}</time>
                    {" · "}
                    {passkey.lastUsedAt ? (
                      <>
                        Último uso: <time dateTime={new Date(passkey.lastUsedAt).toISOString()}>{formatDateTime(passkey.lastUsedAt)}</time>
                      </>
                    ) : (
                      "Ainda não usada"
                    )}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Link to={`${page}?renomear-chave=${passkey.id}`} preventScrollReset className={secondary} aria-label={`Renomear: ${passkey.name}`}>
                    Renomear
                  </Link>
                  <Link to={`${page}?remover-chave=${passkey.id}`} preventScrollReset className={danger} aria-label={`Remover: ${passkey.name}`}>
                    Remover
                  </Link>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      <AddPasskey />
      {removing ? <ConfirmRemoval page={page} passkey={removing} last={passkeys.length === 1} afterLastPasskey={afterLastPasskey} /> : null}
    </section>
  );
}

function RenameRow({ page, passkey, lastResult }: { page: string; passkey: PasskeyRow; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const [form, fields] = useForm({
    id: `renomear-chave-${passkey.id}`,
    lastResult,
    defaultValue: { id: passkey.id, name: passkey.name },
    ...ACCOUNT_FORM_VALIDATION,
    constraint: formConstraint(passkeyNameSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passkeyNameSchema }),
  });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "passkey-rename";
  return (
    <li className="py-3">
      {/* Posted to the address that opened it: a refused name comes back with this row still open. */}
      <Form method="post" action={`${page}?renomear-chave=${passkey.id}`} id={form.id} onSubmit={form.onSubmit} noValidate className="space-y-3">
        <input type="hidden" name="intent" value="passkey-rename" />
        <input type="hidden" name="id" value={passkey.id} />
        <TextField field={fields.name} label="Nome da chave" maxLength={PASSKEY_NAME_MAX} autoComplete="off" />
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy} className={primary}>
            {busy ? "Salvando..." : "Salvar nome"}
          </button>
          <Link to={page} preventScrollReset className="rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50">
            Cancelar
          </Link>
        </div>
      </Form>
    </li>
  );
}

function ConfirmRemoval({ page, passkey, last, afterLastPasskey }: { page: string; passkey: PasskeyRow; last: boolean; afterLastPasskey: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "passkey-remove";
  return (
    <RouteDialog title="Remover chave de acesso" closeTo={page} role="alertdialog">
      <p className="text-slate-700">
        Remover a chave <strong className="break-words">{passkey.name}</strong>? Ela deixará de abrir a sua conta.
      </p>
      {last ? <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">Esta é a sua última chave de acesso. {afterLastPasskey}</p> : null}
      <Form method="post" action={page} className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="passkey-remove" />
        <input type="hidden" name="id" value={passkey.id} />
        <Link to={page} preventScrollReset className="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-700 hover:bg-slate-50">
          Cancelar
        </Link>
        <button type="submit" disabled={busy} className="rounded-full bg-red-600 px-5 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60">
          {busy ? "Removendo..." : "Remover"}
        </button>
      </Form>
    </RouteDialog>
  );
}

/** The form that creates a passkey on this device: a name, the password again, then the browser's prompt. */
function AddPasskey() {
  const available = usePasskeysAvailable();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: "password" | "form"; message: string } | null>(null);
  if (!available) {
    return (
      <noscript>
        <p className="mt-4 text-sm text-slate-600">Para adicionar uma chave de acesso, abra esta página num navegador com JavaScript ativado.</p>
      </noscript>
    );
  }
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get("currentPassword") ?? "");
    if (!password) {
      setError({ field: "password", message: "Digite a sua senha" });
      return;
    }
    setBusy(true);
    setError(null);
    const failure = await registerPasskey(password, String(data.get("passkeyName") ?? ""));
    if (failure) {
      setError({ field: failure === "Senha incorreta." ? "password" : "form", message: failure });
      setBusy(false);
    }
  }
  const passwordError = error?.field === "password" ? error.message : null;
  return (
    <form onSubmit={submit} noValidate className="mt-4 max-w-xl space-y-4 border-t border-slate-200 pt-4" aria-labelledby="adicionar-chave">
      <h3 id="adicionar-chave" className="font-semibold text-slate-900">
        Adicionar chave de acesso
      </h3>
      <div>
        <label htmlFor="passkey-name" className="block text-sm font-medium text-slate-700">
          Nome da nova chave
        </label>
        <input
          id="passkey-name"
          name="passkeyName"
          maxLength={PASSKEY_NAME_MAX}
          placeholder="Ex.: Notebook do escritório"
          autoComplete="off"
          className={input}
          aria-describedby="passkey-name-hint"
        />
        <p id="passkey-name-hint" className="mt-1 text-xs text-slate-500">
          Para reconhecer a chave depois (o dispositivo ou o gerenciador de senhas onde ela fica).
        </p>
      </div>
      <div>
        <label htmlFor="passkey-password" className="block text-sm font-medium text-slate-700">
          Sua senha
        </label>
        <input
          id="passkey-password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? "passkey-password-error" : undefined}
          className={input}
        />
        {passwordError ? (
          <p id="passkey-password-error" className="mt-1 text-sm text-red-600" role="alert">
            {passwordError}
          </p>
        ) : null}
      </div>
      {error?.field === "form" ? (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      ) : null}
      <button type="submit" disabled={busy} className={primary}>
        {busy ? "Aguardando o dispositivo..." : "Adicionar chave de acesso"}
      </button>
    </form>
  );
}
