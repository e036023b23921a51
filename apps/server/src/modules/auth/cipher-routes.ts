import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, loginCipherSchema } from '@campus/contract';
import { publicRoute } from '../../plugins/access.js';

/** GET /api/login/cipher: the key and IV the sign-in form must encrypt with — one setting for server and web. */
export function registerLoginCipherRoute(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { loginAesKey, loginAesIv } = app.config;
  app.get(
    '/login/cipher',
    {
      config: { access: publicRoute(), operlog: false },
      schema: {
        tags: ['auth'],
        summary:
          "The login password cipher (the server's LOGIN_AES_KEY and LOGIN_AES_IV): encrypt the password with it before POST /api/login",
        response: { 200: envelopeSchema(loginCipherSchema) },
      },
    },
    async () => ({
      code: 0,
      msg: 'ok',
      data: { algorithm: 'AES-128-CBC' as const, padding: 'PKCS7' as const, key: loginAesKey, iv: loginAesIv },
    }),
  );
}
