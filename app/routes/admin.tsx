import { Outlet } from "react-router";

// The admin layout: its loader demands an admin session (built by the admin work);
// /admin/login lives outside it (admin_.login.tsx).
export default function AdminLayout() {
  return <Outlet />;
}
