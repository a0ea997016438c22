import 'reflect-metadata';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod, Type } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { Stack, registerAdmin, registerUser, startStack } from './harness';

interface Route {
  method: string;
  path: string;
}

/**
 * Every route the app declares, read from the controllers' decorators without starting anything, so
 * Jest can name one test per route. A new admin controller is covered the day it is added; the last
 * test checks this list against the routes the running app actually serves.
 */
function declaredRoutes(): Route[] {
  const seen = new Set<unknown>();
  const controllers = new Set<Type>();
  const visit = (mod: unknown) => {
    if (!mod || seen.has(mod)) return;
    seen.add(mod);
    const cls = (typeof mod === 'function' ? mod : (mod as { module?: Type }).module) as Type | undefined;
    const dyn = typeof mod === 'object' ? (mod as { imports?: unknown[]; controllers?: Type[] }) : {};
    for (const c of [...(cls ? (Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, cls) ?? []) : []), ...(dyn.controllers ?? [])]) controllers.add(c);
    for (const i of [...(cls ? (Reflect.getMetadata(MODULE_METADATA.IMPORTS, cls) ?? []) : []), ...(dyn.imports ?? [])]) visit(i);
  };
  visit(AppModule);
  const routes: Route[] = [];
  for (const ctrl of controllers) {
    const base = [Reflect.getMetadata(PATH_METADATA, ctrl) ?? ''].flat()[0] as string;
    const proto = ctrl.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const handler = proto[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      for (const sub of [Reflect.getMetadata(PATH_METADATA, handler) ?? ''].flat() as string[]) {
        const path = ['/api', base, sub].map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/');
        routes.push({ method: RequestMethod[method], path: `/${path}` });
      }
    }
  }
  return routes;
}

const ADMIN_ROUTES = declaredRoutes().filter((r) => r.path === '/api/admin' || r.path.startsWith('/api/admin/'));
/** Path parameters get a value that names nothing real, so no call can change data. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

describe('every /api/admin route is for admin and root only, decided by the server', () => {
  let stack: Stack;
  let user: { token: string };
  let admin: { token: string };
  let root: { token: string };

  beforeAll(async () => {
    stack = await startStack();
    user = await registerUser(stack);
    admin = await registerAdmin(stack);
    root = await registerAdmin(stack);
    const db = stack.app.get(DataSource);
    const rootId = JSON.parse(Buffer.from(root.token.split('.')[1], 'base64url').toString()).sub;
    await db.query(`UPDATE users SET role = 'root' WHERE id = $1`, [rootId]);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('finds the admin routes', () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThan(0);
    expect(ADMIN_ROUTES).toContainEqual({ method: 'GET', path: '/api/admin/settings' });
    expect(ADMIN_ROUTES).toContainEqual({ method: 'GET', path: '/api/admin/mail-outbox' });
  });

  it.each(ADMIN_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: 401 for guests, 403 for users, open to admin and root', async (_, route) => {
    const call = (token?: string) => {
      const req = stack.http[route.method.toLowerCase() as 'get'](concrete(route.path));
      return token ? req.set('Authorization', `Bearer ${token}`) : req;
    };
    expect((await call()).status).toBe(401);
    const asUser = await call(user.token).send({});
    expect(asUser.status).toBe(403);
    expect(asUser.body.message).toBe('Acesso restrito a administradores.');
    // Reads only: admin writes with made-up bodies could have effects; passing the guard is what counts.
    if (route.method === 'GET') {
      for (const token of [admin.token, root.token]) expect([401, 403]).not.toContain((await call(token)).status);
    }
  });

  it('the running app serves no admin route that the list above missed', () => {
    const router = (stack.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router;
    const served = router.stack
      .filter((l) => l.route && l.route.path.startsWith('/api/admin'))
      .flatMap((l) => Object.keys(l.route!.methods).map((m) => `${m.toUpperCase()} ${l.route!.path}`));
    expect(served.length).toBeGreaterThan(0);
    expect(served.sort()).toEqual(ADMIN_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });
});
