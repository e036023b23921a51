// A module of its own so the dynamic import in crypto.ts gets a chunk holding only the cipher.
export { encryptLoginPassword } from '@campus/contract';
