import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// A software passkey for tests outside the browser: an ES256 key pair, answers to registration and
// sign-in options shaped as a browser's (attestation "none"), with a signature counter. Chromium's
// virtual authenticator plays this part in the end-to-end tests.
const b64u = (b: Uint8Array) => Buffer.from(b).toString("base64url");
const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest();

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly key: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync("ec", {
    namedCurve: "P-256",
  });
  private counter = 0;
  private readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  get id() {
    return b64u(this.credentialId);
  }

  private authData(rpId: string, flags: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to registration options (`overrides`: e.g. another origin or challenge). */
  register(
    options: { challenge: string; rp: { id?: string } },
    overrides: { origin?: string; challenge?: string; userVerified?: boolean } = {},
  ) {
    const jwk = this.key.publicKey.export({ format: "jwk" });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(isoCBOR.encode(cose))]);
    const authData = this.authData(
      options.rp.id ?? new URL(this.origin).hostname,
      overrides.userVerified === false ? 0x41 : 0x45,
      attested,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64u(
          this.clientData("webauthn.create", overrides.challenge ?? options.challenge, overrides.origin),
        ),
        attestationObject: b64u(attestationObject),
        transports: ["internal" as const],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * The browser's answer to sign-in options: the challenge signed with this passkey's key.
   * `userVerified: false`: only presence (UP), no fingerprint or PIN (UV); flags 0x01 instead of 0x05.
   */
  authenticate(options: { challenge: string; rpId?: string }, overrides: { userVerified?: boolean } = {}) {
    this.counter++;
    const authData = this.authData(
      options.rpId ?? new URL(this.origin).hostname,
      overrides.userVerified === false ? 0x01 : 0x05,
    );
    const clientDataJSON = this.clientData("webauthn.get", options.challenge);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.key.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authData), signature: b64u(signature) },
      clientExtensionResults: {},
    };
  }
}
