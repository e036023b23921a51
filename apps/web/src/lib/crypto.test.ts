import { decryptLoginPassword } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { encryptPassword } from './crypto';

describe('encryptPassword', () => {
  it('produces the AES-CBC form the server decrypts', async () => {
    const cipher = await encryptPassword('s3cret-Pass!');
    expect(cipher).not.toContain('s3cret');
    expect(decryptLoginPassword(cipher)).toBe('s3cret-Pass!');
  });
});
