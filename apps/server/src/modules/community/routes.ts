import {
  dataOf,
  pageOf,
  ZBuilding,
  ZBuildingBatchRequest,
  ZBuildingListQuery,
  ZCommunity,
  ZCommunityCreateRequest,
  ZCommunityListQuery,
  ZCommunityUpdateRequest,
  ZIdBody,
  ZUnitBatchRequest,
} from '@liftguard/contract';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import { auditChange } from '../audit/record.ts';
import * as service from './service.ts';

const tags = ['community'];
const ZIdQuery = z.object({ id: z.coerce.number().int().positive() });
const ZBuildings = dataOf(z.object({ list: z.array(ZBuilding) }));
const ZDone = dataOf(z.literal(true));

export const communityModule: Module = {
  name: 'community',
  register(api, { db }) {
    api.get(
      '/community/list',
      {
        schema: {
          tags,
          summary: 'Communities in scope (granted ones only for restricted members)',
          querystring: ZCommunityListQuery,
          response: { 200: dataOf(pageOf(ZCommunity)) },
        },
      },
      async (req) => ({ data: await service.page(db, scopeOf(req), req.query) }),
    );

    api.get(
      '/community/detail',
      { schema: { tags, summary: 'One community', querystring: ZIdQuery, response: { 200: dataOf(ZCommunity) } } },
      async (req) => ({ data: await service.communityInScope(db, scopeOf(req), req.query.id) }),
    );

    api.post(
      '/community/add',
      { schema: { tags, summary: 'Create a community', body: ZCommunityCreateRequest, response: { 200: dataOf(ZCommunity) } } },
      async (req) => {
        const c = await service.create(db, scopeOf(req), req.body);
        await auditChange(db, req, 'community.create', `community:${c.id}`, { name: c.name, company_id: c.company_id });
        return { data: c };
      },
    );

    api.post(
      '/community/update',
      { schema: { tags, summary: 'Edit a community', body: ZCommunityUpdateRequest, response: { 200: dataOf(ZCommunity) } } },
      async (req) => {
        const c = await service.update(db, scopeOf(req), req.body);
        const { id: _id, ...changed } = req.body;
        await auditChange(db, req, 'community.update', `community:${c.id}`, { fields: Object.keys(changed) });
        return { data: c };
      },
    );

    api.post(
      '/community/delete',
      { schema: { tags, summary: 'Delete a community without buildings or lifts', body: ZIdBody, response: { 200: ZDone } } },
      async (req) => {
        const c = await service.remove(db, scopeOf(req), req.body.id);
        await auditChange(db, req, 'community.delete', `community:${c.id}`, { name: c.name });
        return { data: true as const };
      },
    );

    api.get(
      '/community/buildings',
      { schema: { tags, summary: 'Buildings and units of a community', querystring: ZBuildingListQuery, response: { 200: ZBuildings } } },
      async (req) => ({ data: { list: await service.buildings(db, scopeOf(req), req.query.community_id) } }),
    );

    api.post(
      '/community/building/batchadd',
      { schema: { tags, summary: 'Create buildings by number ranges', body: ZBuildingBatchRequest, response: { 200: ZBuildings } } },
      async (req) => {
        const list = await service.addBuildings(db, scopeOf(req), req.body);
        await auditChange(db, req, 'building.create', `community:${req.body.community_id}`, {
          ranges: req.body.ranges,
          prefix: req.body.prefix,
          suffix: req.body.suffix,
        });
        return { data: { list } };
      },
    );

    api.post(
      '/community/unit/batchadd',
      { schema: { tags, summary: 'Create units of a building by number ranges', body: ZUnitBatchRequest, response: { 200: ZBuildings } } },
      async (req) => {
        const list = await service.addUnits(db, scopeOf(req), req.body);
        await auditChange(db, req, 'unit.create', `building:${req.body.building_id}`, {
          ranges: req.body.ranges,
          prefix: req.body.prefix,
          suffix: req.body.suffix,
        });
        return { data: { list } };
      },
    );

    api.post(
      '/community/building/delete',
      { schema: { tags, summary: 'Delete a building without units or lifts', body: ZIdBody, response: { 200: ZDone } } },
      async (req) => {
        const b = await service.removeBuilding(db, scopeOf(req), req.body.id);
        await auditChange(db, req, 'building.delete', `building:${b.id}`, { name: b.name, community_id: b.community_id });
        return { data: true as const };
      },
    );

    api.post(
      '/community/unit/delete',
      { schema: { tags, summary: 'Delete a unit without lifts', body: ZIdBody, response: { 200: ZDone } } },
      async (req) => {
        const u = await service.removeUnit(db, scopeOf(req), req.body.id);
        await auditChange(db, req, 'unit.delete', `unit:${u.id}`, { name: u.name, building_id: u.building_id });
        return { data: true as const };
      },
    );
  },
};
