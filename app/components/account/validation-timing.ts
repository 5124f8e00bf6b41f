// When the account forms (sign-in, second step, new password, two-factor, team invitation) check
// their fields in the browser: at submit, and again as a field that was checked is typed into.
// Never on blur, which is conform's usual choice elsewhere, for two reasons seen on real devices:
//
// - Many of these errors only the server can know (a wrong code, a wrong current password, an
//   e-mail already in the team). A blur check in the browser finds the field fine and removes
//   the server's message: the content below moves up by its height between the press and the
//   release of a tap, and the tap on "Cancelar" or the submit button lands on nothing.
// - conform checks a field on blur by submitting its form with a "validate" intent. Chromium
//   blurs a focused field when it is removed from the page, and these forms are removed on
//   success (the recovery codes replace the two-factor setup, a redirect replaces the page). That
//   last check then reaches the browser after React let go of the form, so it went out as a
//   full-page POST: the server answered 400 and the page lost what the success had shown.
export const ACCOUNT_FORM_VALIDATION = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;
