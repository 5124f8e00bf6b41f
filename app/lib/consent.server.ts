// The visitor's cookie choice, mirrored in a cookie so the server knows it (public-site work).
export type Consent = "accepted" | "rejected" | null;

export async function readConsent(request: Request): Promise<Consent> {
  const match = request.headers.get("Cookie")?.match(/(?:^|;\s*)cookieConsent=(accepted|rejected)/);
  return (match?.[1] as Consent) ?? null;
}
