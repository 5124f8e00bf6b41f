// The documented demo admin, in a module that reads no configuration: `npm run demo` prints these
// before it has set up the environment the configuration is validated against.
export const DEMO_ADMIN_EMAIL = "admin@winddigital.com.br";
export const DEMO_ADMIN_PASSWORD = "vento-laranja-janela-42";
