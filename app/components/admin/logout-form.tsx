// Signing out of the admin: a POST to /admin/logout (the session ends on the server), from the
// admin's header ("Sair") and from the dashboard ("Sair do painel") alike.
import { Form } from "react-router";

export function LogoutForm({ label, className }: { label: string; className: string }) {
  return (
    <Form method="post" action="/admin/logout">
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}
