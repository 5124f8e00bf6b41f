// The activity log's words, shared by the pages that show it (the log and the dashboard).

// Where a change happened: the admin section's path under /admin, with the name its menu shows
// (from the registry of admin sections).
export { ACTIVITY_SECTIONS, type ActivitySection } from "./admin/sections";
import { ACTIVITY_SECTIONS } from "./admin/sections";

/** What was done, as the log reads: "<e-mail> criou…". */
const ACTIVITY_ACTIONS = {
  create: "Criou",
  update: "Editou",
  delete: "Excluiu",
  restore: "Restaurou uma versão anterior de",
  reorder: "Reordenou",
  upload: "Enviou arquivo",
  delete_file: "Excluiu arquivo",
  // A lead's personal data downloaded (LGPD); the entry names the lead's kind, never the person.
  export_data: "Exportou os dados pessoais de",
  settings: "Alterou as configurações",
  sign_in: "Entrou no painel",
  sign_out: "Saiu do painel",
  // The e-mail typed (never the password), even when no account has it; the summary names the device and network.
  sign_in_failed: "Tentou entrar sem sucesso",
  sign_in_locked: "Teve o login bloqueado por excesso de tentativas",
  invite: "Convidou",
  accept_invite: "Aceitou o convite e entrou na equipe",
  deactivate: "Desativou",
  reactivate: "Reativou",
  remove: "Removeu da equipe",
  reset_link: "Gerou um link de nova senha para",
  password_change: "Trocou a senha",
  password_reset: "Redefiniu a senha pelo link do e-mail",
  email_change: "Trocou o e-mail da conta",
  two_factor_on: "Ativou a verificação em duas etapas",
  two_factor_off: "Desativou a verificação em duas etapas",
  // Another admin's, from the team page (a lost phone): the entry names whose.
  two_factor_reset: "Redefiniu a verificação em duas etapas de",
  recovery_code_used: "Entrou com um código de recuperação",
  // The passkeys of one's own account ("Minha conta"): the entry names the passkey.
  passkey_add: "Adicionou a chave de acesso",
  passkey_rename: "Renomeou a chave de acesso",
  passkey_remove: "Removeu a chave de acesso",
  session_end: "Encerrou uma sessão",
  // On the team page: a colleague's role (the entry's summary says from which to which), and a
  // colleague's sessions ended without deactivating the account.
  role_change: "Mudou o perfil de",
  member_sessions_end: "Encerrou sessões de",
  sessions_end_others: "Saiu de todos os outros dispositivos",
  // A scheduled post going public: nobody acts then, the log names "Publicação automática".
  scheduled_publish: "Publicou no horário agendado",
} as const;

export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

export function sectionName(section: string): string {
  return Object.hasOwn(ACTIVITY_SECTIONS, section) ? (ACTIVITY_SECTIONS as Record<string, string>)[section]! : section;
}

function actionName(action: string): string {
  return Object.hasOwn(ACTIVITY_ACTIONS, action) ? (ACTIVITY_ACTIONS as Record<string, string>)[action]! : action;
}

/**
 * The verb of an entry's sentence, lower case ("editou", "excluiu"…). A reorder that names its row
 * reads "moveu “Logo X”"; one that moved several rows at once names the list: "reordenou a lista".
 */
export function entryVerb(action: string, targetLabel: string | null): string {
  if (action === "reorder") return targetLabel ? "moveu" : "reordenou a lista";
  return actionName(action).toLowerCase();
}
