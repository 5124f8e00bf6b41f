// What follows every change of how one signs in to an account (its password, its e-mail, its
// second factor, its passkeys): the account's unused reset and invitation links stop working (a
// link mailed before the change must not undo it), and the person is told by e-mail, at the old
// address too when the e-mail itself changed.
import { endAccountLinks } from "./account-tokens.server";
import { sendSecurityNotice, type SecurityNoticeDetails, type SecurityNoticeKind } from "./account-mail.server";

export async function credentialChanged(
  user: { id: string; email: string; name?: string | null },
  kind: Exclude<SecurityNoticeKind, "new_device">,
  details: SecurityNoticeDetails & { previousEmail?: string } = {},
): Promise<void> {
  await endAccountLinks(user.id);
  // Awaited (sendMail never throws, and only the signed-in person waits): the notice has left
  // when the page says the change is done.
  await sendSecurityNotice(user, kind, details);
  if (kind === "email_changed" && details.previousEmail) await sendSecurityNotice({ ...user, email: details.previousEmail }, kind, details);
}
