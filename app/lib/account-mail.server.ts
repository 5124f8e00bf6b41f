// The e-mails of the staff accounts, in pt-BR: an invitation to the team and a password reset.
import { accountLink } from "./account-tokens.server";
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

export function sendPasswordReset(to: string, token: string): Promise<boolean> {
  return sendMail({
    to,
    subject: "Redefinir sua senha do painel da Wind Digital",
    paragraphs: [
      "Olá!",
      "Recebemos um pedido para criar uma nova senha para a sua conta no painel administrativo da Wind Digital.",
      "Use o link abaixo para escolher a nova senha. Ele vale por 30 minutos e pode ser usado uma única vez; ao usá-lo, todas as sessões abertas da sua conta são encerradas.",
    ],
    link: { label: "Criar nova senha", url: accountLink("reset", token) },
    footer: "Se não foi você quem pediu, ignore este e-mail: a sua senha atual continua valendo.",
  });
}
