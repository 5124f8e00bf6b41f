// The e-mails of the staff accounts, in pt-BR: an invitation to the team, a password reset, and
// the security notices a person gets whenever something about how one signs in to their account
// changes (so a change they did not make is noticed the same day, not at the next sign-in).
import { accountLink } from "./account-tokens.server";
import { env } from "./env.server";
import { sendMail } from "./mail.server";

export function sendInvitation(to: string, token: string, invitedBy: string): Promise<boolean> {
  return sendMail({
    to,
    subject: "Convite para o painel da Wind Digital",
    paragraphs: [
      "Olá!",
      `${invitedBy} convidou você para a equipe do painel administrativo do site da Wind Digital.`,
      "Para aceitar, crie a sua senha pelo link abaixo. Ele vale por 72 horas e pode ser usado uma única vez.",
    ],
    link: { label: "Criar minha senha", url: accountLink("invite", token) },
    footer: "Se você não esperava este convite, pode ignorar este e-mail.",
  });
}

export function sendPasswordReset(to: string, token: string, lifetimeMinutes = 30): Promise<boolean> {
  return sendMail({
    to,
    subject: "Redefinir sua senha do painel da Wind Digital",
    paragraphs: [
      "Olá!",
      "Recebemos um pedido para criar uma nova senha para a sua conta no painel administrativo da Wind Digital.",
      `Use o link abaixo para escolher a nova senha. Ele vale por ${lifetimeMinutes} minutos e pode ser usado uma única vez; ao usá-lo, todas as sessões abertas da sua conta são encerradas.`,
    ],
    link: { label: "Criar nova senha", url: accountLink("reset", token) },
    footer: "Se não foi você quem pediu, ignore este e-mail: a sua senha atual continua valendo.",
  });
}

/** What changed in the account: each kind is one notice. */
export type SecurityNoticeKind =
  "password_changed" | "two_factor_added" | "two_factor_removed" | "passkey_added" | "passkey_removed" | "email_changed" | "new_device";

export interface SecurityNoticeDetails {
  /** The device, as "Minha conta" names it ("Chrome no Windows"): new_device. */
  device?: string;
  /** The first part of the address it came from ("203.0.113.0/24" or "local"): new_device. */
  address?: string;
  /** The single-use link that ends the new device's session: new_device. */
  endSessionUrl?: string;
  /** The account's new e-mail: email_changed (sent to the old address and to the new one). */
  newEmail?: string;
  /** The passkey's name: passkey_added, passkey_removed. */
  passkeyName?: string;
}

const SUBJECTS: Record<SecurityNoticeKind, string> = {
  password_changed: "Sua senha do painel da Wind Digital foi alterada",
  two_factor_added: "Verificação em duas etapas ativada na sua conta",
  two_factor_removed: "Verificação em duas etapas desativada na sua conta",
  passkey_added: "Nova chave de acesso na sua conta",
  passkey_removed: "Chave de acesso removida da sua conta",
  email_changed: "O e-mail da sua conta do painel foi alterado",
  new_device: "Novo acesso à sua conta do painel da Wind Digital",
};

function noticeText(kind: SecurityNoticeKind, details: SecurityNoticeDetails): string {
  const passkey = details.passkeyName ? ` (“${details.passkeyName}”)` : "";
  switch (kind) {
    case "password_changed":
      return "A senha da sua conta no painel administrativo da Wind Digital foi alterada.";
    case "two_factor_added":
      return "A verificação em duas etapas foi ativada na sua conta: o login passa a pedir também um código do aplicativo autenticador.";
    case "two_factor_removed":
      return "A verificação em duas etapas foi desativada na sua conta: o login volta a pedir só a senha.";
    case "passkey_added":
      return `Uma nova chave de acesso${passkey} foi adicionada à sua conta: ela permite entrar no painel sem senha.`;
    case "passkey_removed":
      return `Uma chave de acesso${passkey} foi removida da sua conta.`;
    case "email_changed":
      return `O e-mail da sua conta no painel foi alterado para ${details.newEmail ?? "um novo endereço"}. Os próximos logins usam o novo e-mail.`;
    case "new_device":
      return `Houve um login na sua conta por um dispositivo que ainda não tinha sido usado: ${details.device ?? "navegador desconhecido"}${details.address ? `, rede ${details.address}` : ""}.`;
  }
}

/**
 * Tells the person that something about their account's sign-in changed (`kind`). The message
 * says what, and, if it was not them, what to do: a new device's notice links to ending that
 * session; every other notice links to "Minha conta". Returns whether it was handed to the mail
 * server; never throws (see sendMail).
 */
export function sendSecurityNotice(
  user: { email: string; name?: string | null },
  kind: SecurityNoticeKind,
  details: SecurityNoticeDetails = {},
): Promise<boolean> {
  const when = new Intl.DateTimeFormat("pt-BR", { dateStyle: "long", timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(new Date());
  const reset = `${env.SITE_URL}/admin/esqueci-senha`;
  const notYou =
    kind === "new_device"
      ? "Se não foi você, encerre essa sessão pelo botão abaixo e crie uma nova senha."
      : `Se não foi você, crie uma nova senha agora em ${reset} e confira a sua conta.`;
  return sendMail({
    to: user.email,
    subject: SUBJECTS[kind],
    paragraphs: [user.name ? `Olá, ${user.name}!` : "Olá!", noticeText(kind, details), `Quando: ${when} (horário de Brasília).`, notYou],
    link:
      kind === "new_device" && details.endSessionUrl
        ? { label: "Não fui eu: encerrar essa sessão", url: details.endSessionUrl }
        : { label: "Revisar minha conta", url: `${env.SITE_URL}/admin/conta` },
    footer: "Se foi você, não precisa fazer nada. Este aviso é enviado a cada mudança no acesso à sua conta.",
  });
}
