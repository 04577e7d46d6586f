import type express from 'express';
import { routeLayers } from '../../src/common/route-table';
import type { TestApp } from './app';

/** Every route of the app as `METHOD /path/:param`, read from Express's router, filed ones included (HEAD and catch-alls left out). */
export function listRoutes(t: TestApp): string[] {
  const routes = new Set<string>();
  for (const layer of routeLayers<{ path: string; methods: Record<string, boolean> }>(
    t.app.getHttpAdapter().getInstance() as express.Express,
  )) {
    for (const [method, on] of Object.entries(layer.route.methods))
      if (on && method !== '_all' && method !== 'head') routes.add(`${method.toUpperCase()} ${layer.route.path}`);
  }
  return [...routes].sort();
}

/** A route's path with every parameter replaced by `id` (a UUID unless given). */
export const concretePath = (path: string, id = '00000000-0000-4000-8000-000000000000') => path.replace(/:[A-Za-z_]+/g, id);
