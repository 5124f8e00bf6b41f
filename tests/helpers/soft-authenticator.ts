// A software authenticator for route tests: it makes the same objects a browser returns from
// navigator.credentials.create() and .get() (attestation "none", ES256 keys from node:crypto), so
// the server's real WebAuthn verification (@simplewebauthn/server) runs on them, with no mocks.
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface SoftCredential {
  id: string;
  rpId: string;
  origin: string;
  privateKey: KeyObject;
  counter: number;
  /** The account's user handle, as the registration options named it (base64url). */
  userHandle: string;
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** Answers registration options as a platform authenticator that verified its user. */
export function createCredential(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  { origin = "http://localhost:3000", userVerified = true } = {},
): { credential: SoftCredential; response: Record<string, unknown> } {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  const credentialId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([UP | AT | (userVerified ? UV : 0)]),
    counterBytes(0),
    Buffer.alloc(16), // AAGUID: none given
    idLength,
    credentialId,
    Buffer.from(cose),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]) as never,
  );
  const id = b64url(credentialId);
  return {
    credential: { id, rpId, origin, privateKey, counter: 0, userHandle: options.user.id },
    response: {
      id,
      rawId: id,
      type: "public-key",
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    },
  };
}

/** Signs an authentication challenge with the credential (its counter goes up by one). */
export function assert(credential: SoftCredential, challenge: string, { userVerified = true } = {}): Record<string, unknown> {
  credential.counter += 1;
  const authData = Buffer.concat([sha256(credential.rpId), Buffer.from([UP | (userVerified ? UV : 0)]), counterBytes(credential.counter)]);
  const data = clientData("webauthn.get", challenge, credential.origin);
  const signature = createSign("SHA256")
    .update(Buffer.concat([authData, sha256(data)]))
    .sign(credential.privateKey);
  return {
    id: credential.id,
    rawId: credential.id,
    type: "public-key",
    authenticatorAttachment: "platform",
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    },
    clientExtensionResults: {},
  };
}
