import { Outlet } from "react-router";

// The public layout: header, footer, chat and cookie notice (built by the public-site,
// chat and consent work) wrap every public page.
export default function SiteLayout() {
  return (
    <>
      <main id="conteudo">
        <Outlet />
      </main>
    </>
  );
}
