import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// A WebAuthn authenticator in software (ES256, "none" attestation), so API
// tests can register passkeys and sign in with them the way a browser would.
// Written from the WebAuthn spec with node:crypto, not from the server's library.

type Cbor = number | string | Buffer | Cbor[] | Map<number | string, Cbor> | { [k: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The little CBOR WebAuthn needs: integers, byte and text strings, arrays, maps. */
export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(encodeCbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)])]);
}

const b64url = (b: Buffer) => b.toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

interface Credential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    /** What the browser would put in clientDataJSON.origin. */
    private readonly origin: string,
    private readonly opts: { verifiesUser?: boolean } = {},
  ) {}

  private flags(extra = 0): number {
    return FLAG_UP | (this.opts.verifiesUser === false ? 0 : FLAG_UV) | extra;
  }

  /**
   * navigator.credentials.create(): a new ES256 key, answered as the browser's
   * JSON. `again` answers with an existing credential instead (what a browser
   * would refuse to do for an excluded one).
   */
  register(options: CreationOptions, rpId = options.rp.id ?? 'localhost', again?: Credential) {
    const pair = again ? null : generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const privateKey = again?.privateKey ?? pair?.privateKey;
    if (!privateKey) throw new Error('no key');
    const jwk = (pair?.publicKey ?? createPublicKey(privateKey)).export({ format: 'jwk' });
    const id = again?.id ?? randomBytes(32);
    const cose = encodeCbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      id,
      cose,
    ]);
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false }),
    );
    if (!again) this.credentials.push({ id, rpId, userHandle: options.user.id, privateKey, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(encodeCbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): signs the challenge with an allowed credential (or the first for the site). */
  authenticate(options: RequestOptions, pick?: string) {
    const rpId = options.rpId ?? 'localhost';
    const allowed = options.allowCredentials?.map((c) => c.id);
    const cred = this.credentials.find(
      (c) => c.rpId === rpId && (pick ? b64url(c.id) === pick : !allowed?.length || allowed.includes(b64url(c.id))),
    );
    if (!cred) throw new Error('no credential for this site');
    cred.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(cred.counter);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags()]), counter]);
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), cred.privateKey);
    return {
      id: b64url(cred.id),
      rawId: b64url(cred.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: cred.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}

/** What light-my-request's requests come from (Host: localhost:80): the origin the server expects in tests. */
export const INJECT_ORIGIN = 'http://localhost:80';
