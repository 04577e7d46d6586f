import type { Application } from 'express';
import type { TestApp } from './app';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route of the app as `METHOD /path/:param`, read from Express's router (HEAD and catch-alls left out). */
export function listRoutes(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as Application & { router: { stack: Layer[] } };
  const routes = new Set<string>();
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    for (const [method, on] of Object.entries(layer.route.methods))
      if (on && method !== '_all' && method !== 'head') routes.add(`${method.toUpperCase()} ${layer.route.path}`);
  }
  return [...routes].sort();
}

/** A route's path with every parameter replaced by `id` (a UUID unless given). */
export const concretePath = (path: string, id = '00000000-0000-4000-8000-000000000000') => path.replace(/:[A-Za-z_]+/g, id);
