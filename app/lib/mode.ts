// The one definition of "production", shared by the HTTP server (server/index.ts), the app's
// configuration (env.server.ts) and the scripts (the seed). Production unless NODE_ENV says
// `development` or `test` in so many words: a server started without NODE_ENV must not quietly
// relax (sign sessions with a public secret, drop `Secure` from cookies, seed the demo admin).
export type Mode = "production" | "development" | "test";

export function modeOf(nodeEnv: string | undefined): Mode {
  return nodeEnv === "development" || nodeEnv === "test" ? nodeEnv : "production";
}

export function isProduction(source: { NODE_ENV?: string }): boolean {
  return modeOf(source.NODE_ENV) === "production";
}
