import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadAll, load } from 'js-yaml';
import { loadConfig } from './config';

/*
 * The deployment files must give the typed config everything it requires in production: a variable
 * added to loadConfig's production checks but forgotten in docker-compose.yml or the k8s manifests
 * would only show up as an API that refuses to start. These tests load the config from those files.
 */
const ROOT = path.resolve(__dirname, '../..');
type Env = Record<string, string>;

/** Docker Compose's interpolation: `${X}`, `${X:-default}`, `${X:?message}` (fails when unset or empty). */
function interpolate(value: string, env: Env): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op: string | undefined, arg: string) => {
    const set = env[name] !== undefined && env[name] !== '';
    if (op === '?' && !set) throw new Error(`compose refuses to start: ${arg}`);
    if (op === '-' && !set) return arg;
    return env[name] ?? '';
  });
}

/** What an operator following the README exports before `docker compose up`. */
const operatorEnv = (): Env => ({
  JWT_SECRET: randomBytes(48).toString('base64'),
  SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
});

describe('docker-compose.yml', () => {
  const compose = load(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as {
    services: Record<string, { environment?: Record<string, string | number> }>;
  };
  const envOf = (service: string, operator: Env): Env =>
    Object.fromEntries(Object.entries(compose.services[service].environment ?? {}).map(([k, v]) => [k, interpolate(String(v), operator)]));

  it.each(['api', 'worker'])('gives the %s a production config that loads', (service) => {
    const operator = operatorEnv();
    const env = envOf(service, operator);
    expect(env.NODE_ENV).toBe('production');
    const config = loadConfig(env);
    expect(config.jwt.secret).toBe(operator.JWT_SECRET);
    expect(config.settingsKey).toBe(operator.SETTINGS_ENCRYPTION_KEY);
  });

  it('refuses to start without either secret rather than fall back to a default', () => {
    for (const name of ['JWT_SECRET', 'SETTINGS_ENCRYPTION_KEY']) {
      const operator = operatorEnv();
      delete operator[name];
      expect(() => envOf('api', operator)).toThrow(/compose refuses to start/);
    }
  });
});

describe('deploy/k8s', () => {
  const dir = path.join(ROOT, 'deploy/k8s');
  type Doc = { kind: string; metadata: { name: string }; data?: Env; stringData?: Env; spec?: { template: { spec: { containers: { envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[] }[] } } } };
  const docs = (file: string) => loadAll(readFileSync(path.join(dir, file), 'utf8')) as Doc[];
  const sources = new Map<string, Env>();
  for (const doc of [...docs('configmap.yaml'), ...docs('secret.example.yaml')]) sources.set(doc.metadata.name, { ...doc.data, ...doc.stringData });

  /** The environment a container of the Deployment gets from its envFrom sources. */
  const envOf = (file: string, fill: (value: string) => string): Env => {
    const deployment = docs(file).find((d) => d.kind === 'Deployment')!;
    const env: Env = {};
    for (const from of deployment.spec!.template.spec.containers[0].envFrom ?? []) {
      const name = from.configMapRef?.name ?? from.secretRef?.name ?? '';
      expect(sources.has(name)).toBe(true);
      for (const [k, v] of Object.entries(sources.get(name)!)) env[k] = fill(String(v));
    }
    return env;
  };

  it.each(['api.yaml', 'worker.yaml'])('%s loads a production config once the example secrets are filled in', (file) => {
    // 32 random bytes in base64 fit both the JWT secret and the settings key.
    const env = envOf(file, (v) => v.replace(/CHANGE_ME/g, () => randomBytes(32).toString('base64')));
    expect(env.NODE_ENV).toBe('production');
    expect(() => loadConfig(env)).not.toThrow();
  });

  it('refuses the example secret as committed (published placeholders)', () => {
    expect(() => loadConfig(envOf('api.yaml', (v) => v))).toThrow(/published default/);
  });
});
