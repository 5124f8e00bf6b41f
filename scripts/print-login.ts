// Printed by `npm run demo` once the demo site is ready.
const email = process.env.ADMIN_EMAIL || "admin@winddigital.com.br";
const password = process.env.ADMIN_PASSWORD ? "(the ADMIN_PASSWORD you set)" : "admin-demo-123";
const port = process.env.PORT || "3000";
console.log(`
  Site:   http://localhost:${port}
  Admin:  http://localhost:${port}/admin/login
          e-mail ${email}
          senha  ${password}
`);
