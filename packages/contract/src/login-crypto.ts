import { cbc } from '@noble/ciphers/aes.js';
import { bytesToUtf8, utf8ToBytes } from '@noble/ciphers/utils.js';
import { DEFAULT_LOGIN_AES_IV, DEFAULT_LOGIN_AES_KEY } from './constants.js';

// The spec's compatibility rule (AES-128-CBC, PKCS7, fixed key/IV). It hides the
// password from casual logs only; TLS is the protection (docs/api-conventions.md, "Sign-in").

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function keyBytes(key: string, iv: string): [Uint8Array, Uint8Array] {
  const k = utf8ToBytes(key);
  const v = utf8ToBytes(iv);
  if (k.length !== 16 || v.length !== 16) throw new Error('login AES key and IV must be 16 bytes each');
  return [k, v];
}

/** Encrypts a plaintext password the way the web client sends it: base64(AES-128-CBC/PKCS7). */
export function encryptLoginPassword(plain: string, key = DEFAULT_LOGIN_AES_KEY, iv = DEFAULT_LOGIN_AES_IV): string {
  const [k, v] = keyBytes(key, iv);
  return toBase64(cbc(k, v).encrypt(utf8ToBytes(plain)));
}

/** Returns the plaintext, or null when the text is not a valid ciphertext. */
export function decryptLoginPassword(cipherText: string, key = DEFAULT_LOGIN_AES_KEY, iv = DEFAULT_LOGIN_AES_IV): string | null {
  const [k, v] = keyBytes(key, iv);
  try {
    const bytes = fromBase64(cipherText);
    if (bytes.length === 0 || bytes.length % 16 !== 0) return null;
    return bytesToUtf8(cbc(k, v).decrypt(bytes));
  } catch {
    return null;
  }
}
