// Lint rules for the whole repository: TypeScript's recommended rules, React's hook rules and
// the accessibility rules for JSX. Type-aware rules are left out: `npm run typecheck` already
// runs the compiler, and type-aware linting would double CI time for little gain.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".builds/", ".react-router/", "app/generated/", "node_modules/", "test-results*/", "playwright-report/", "data/", "tmp/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Unused arguments named with a leading underscore are kept on purpose (a callback's shape).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // One reading of cookies: the cookie-es parser, as React Router and the page cache read them.
      // A substring test finds a name inside another cookie's value or name (`x__admin_session=`).
      "no-restricted-syntax": [
        "error",
        ...[
          "CallExpression[callee.property.name=/^(includes|indexOf|startsWith)$/][callee.object.property.name=/^cookies?$/i]",
          "CallExpression[callee.property.name=/^(includes|indexOf|startsWith)$/][callee.object.name=/^cookies?$/i]",
          "CallExpression[callee.property.name=/^(includes|indexOf|startsWith)$/][callee.object.callee.property.name='get'][callee.object.arguments.0.value=/^cookie$/i]",
        ].map((selector) => ({ selector, message: "Read cookies with cookie-es's parse(), not by searching the header's text." })),
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    rules: {
      // One logger: the server and the app log through app/lib/logger.server.ts (JSON lines with the
      // request's id); code in the browser reports what it caught with reportError(), which the
      // console and any error handler on the page both see. Scripts and tests print as they like.
      "no-console": "error",
    },
  },
  { files: ["**/*.tsx"], ...reactHooks.configs.flat.recommended },
  { files: ["**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["**/*.tsx"],
    rules: {
      // The agency's staff upload videos without caption files, and an empty <track> would only
      // claim captions that do not exist. Decorative loops are muted and hidden from assistive
      // technology; testimonial videos carry the speaker's name as their accessible title.
      "jsx-a11y/media-has-caption": "off",
    },
  },
  {
    files: ["tests/e2e/**/*.ts"],
    rules: {
      // Playwright reads a fixture's dependencies from its first parameter, which must be an object
      // pattern: a fixture that needs none is written `async ({}, use) => …`.
      "no-empty-pattern": "off",
    },
  },
);
