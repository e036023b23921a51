import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorSchema,
  regionDetailSchema,
  regionListQuerySchema,
  regionParamsSchema,
  regionPathsQuerySchema,
  regionSchema,
  regionSearchHitSchema,
  regionSearchQuerySchema,
  type Region,
  type RegionDetail,
} from '@campus/contract';
import { notFound } from '../../lib/app-error.js';
import { findRegion, listRegions, regionPath, searchRegions, type RegionNode } from '../../lib/regions.js';
import { signedIn } from '../../plugins/access.js';

const tags = ['region'];
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

const toRegion = (n: RegionNode): Region => ({ id: n.code, pid: n.parent, name: n.name, hasChildren: n.children.length > 0 });

function toDetail(n: RegionNode): RegionDetail {
  return { id: n.code, pid: n.parent, name: n.name, path: regionPath(n.code).map((p) => ({ id: p.code, name: p.name })) };
}

/** China's administrative divisions (lib/regions.ts): read-only, the same for every campus. */
export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/regions',
    {
      config: { access: signedIn('global') },
      schema: {
        tags,
        summary: 'The provinces, or the children of ?parent= (a six-digit code); an unknown parent is a 404',
        querystring: regionListQuerySchema,
        response: { 200: envelopeSchema(z.array(regionSchema)), ...errors },
      },
    },
    async (request) => {
      const list = listRegions(request.query.parent);
      if (!list) throw notFound('region');
      return { code: 0, msg: 'ok', data: list.map(toRegion) };
    },
  );

  app.get(
    '/regions/search',
    {
      config: { access: signedIn('global') },
      schema: {
        tags,
        summary: 'Regions whose name contains the keyword (at most 20, names starting with it first), each with its path',
        querystring: regionSearchQuerySchema,
        response: { 200: envelopeSchema(z.array(regionSearchHitSchema)), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: searchRegions(request.query.keyword).map(toDetail) }),
  );

  app.get(
    '/regions/paths',
    {
      config: { access: signedIn('global') },
      schema: {
        tags,
        summary:
          'Several regions with their paths (?codes=110105,330106, at most 200): the names of a list page in one request; unknown codes are left out',
        querystring: regionPathsQuerySchema,
        response: { 200: envelopeSchema(z.array(regionDetailSchema)), ...errors },
      },
    },
    async (request) => {
      const nodes = [...new Set(request.query.codes)].map(findRegion).filter((n): n is RegionNode => n !== undefined);
      return { code: 0, msg: 'ok', data: nodes.map(toDetail) };
    },
  );

  app.get(
    '/regions/:id',
    {
      config: { access: signedIn('global') },
      schema: {
        tags,
        summary: 'One region with its path from the province down; an unknown code is a 404',
        params: regionParamsSchema,
        response: { 200: envelopeSchema(regionDetailSchema), ...errors },
      },
    },
    async (request) => {
      const node = findRegion(request.params.id);
      if (!node) throw notFound('region');
      return { code: 0, msg: 'ok', data: toDetail(node) };
    },
  );
};
