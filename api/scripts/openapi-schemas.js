#!/usr/bin/env node
/*
 * JSON schemas of the API's answers, from the TypeScript types exported by src/openapi/contract.ts
 * (ts-json-schema-generator), written to src/openapi/schemas.generated.json as OpenAPI components.
 *   node api/scripts/openapi-schemas.js            write the file
 *   node api/scripts/openapi-schemas.js --check    fail when the committed file is not what the types say
 */
const fs = require('node:fs');
const path = require('node:path');
const { createGenerator } = require('ts-json-schema-generator');

const API = path.resolve(__dirname, '..');
const CONTRACT = path.join(API, 'src/openapi/contract.ts');
const OUT = path.join(API, 'src/openapi/schemas.generated.json');

/** The names contract.ts exports: re-exported types, aliases and interfaces. */
function exportedNames(source) {
  const names = new Set();
  for (const m of source.matchAll(/export type \{([^}]+)\}/g)) m[1].split(',').map((s) => s.trim()).filter(Boolean).forEach((n) => names.add(n.split(/\s+as\s+/).pop()));
  for (const m of source.matchAll(/export (?:type|interface) ([A-Za-z0-9_]+)/g)) names.add(m[1]);
  return [...names].sort();
}

/** Component names must be plain (`Page<AnalysisView>` → `Page_AnalysisView`); refs point into components. */
const componentName = (n) => decodeURIComponent(n).replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/_+$/, '');

function rewrite(node) {
  if (Array.isArray(node)) return node.map(rewrite);
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string') out.$ref = `#/components/schemas/${componentName(v.replace('#/definitions/', ''))}`;
    else out[k] = rewrite(v);
  }
  // JSON Schema's `const` is not in OpenAPI 3.0: a one-value enum says the same.
  if ('const' in out) {
    out.enum = [out.const];
    delete out.const;
  }
  // Nullable, as OpenAPI 3.0 (the version @nestjs/swagger writes) says it: no `null` type.
  if (Array.isArray(out.type) && out.type.includes('null')) {
    const rest = out.type.filter((t) => t !== 'null');
    out.type = rest.length === 1 ? rest[0] : rest;
    out.nullable = true;
  }
  if (Array.isArray(out.anyOf) && out.anyOf.some((s) => s.type === 'null')) {
    const rest = out.anyOf.filter((s) => s.type !== 'null');
    delete out.anyOf;
    if (rest.length === 1 && rest[0].$ref) out.allOf = rest;
    else if (rest.length === 1) Object.assign(out, rest[0]);
    else out.anyOf = rest;
    out.nullable = true;
  }
  // A $ref takes no siblings in OpenAPI 3.0 (a JSDoc description, here): the ref goes inside allOf.
  if (out.$ref && Object.keys(out).length > 1) {
    const { $ref, ...rest } = out;
    return { ...rest, allOf: [{ $ref }] };
  }
  if (Array.isArray(out.type)) {
    // A union of plain types (e.g. string | string[] is handled by anyOf): OpenAPI 3.0 wants oneOf.
    out.oneOf = out.type.map((t) => ({ type: t }));
    delete out.type;
  }
  return out;
}

/**
 * Second pass, once every schema is known: OpenAPI 3.0 wants a `type` beside `nullable`. A nullable
 * reference takes the referenced schema's type; a nullable union carries `nullable` on each branch.
 */
function typeSiblings(node, schemas) {
  if (Array.isArray(node)) return node.forEach((n) => typeSiblings(n, schemas));
  if (!node || typeof node !== 'object') return;
  Object.values(node).forEach((v) => typeSiblings(v, schemas));
  const typeOf = (ref) => schemas[ref.replace('#/components/schemas/', '')]?.type ?? 'object';
  if (!node.nullable || node.type) return;
  if (node.allOf?.length === 1 && node.allOf[0].$ref) node.type = typeOf(node.allOf[0].$ref);
  else if (node.anyOf || node.oneOf) {
    node.anyOf = (node.anyOf ?? node.oneOf).map((b) => (b.type ? { ...b, nullable: true } : b.$ref ? { allOf: [b], type: typeOf(b.$ref), nullable: true } : b));
    delete node.oneOf;
    delete node.nullable;
  } else node.type = 'object';
}

function generate() {
  const generator = createGenerator({ path: CONTRACT, tsconfig: path.join(API, 'tsconfig.json'), expose: 'export', topRef: true, jsDoc: 'extended', skipTypeCheck: true });
  const schemas = {};
  for (const name of exportedNames(fs.readFileSync(CONTRACT, 'utf8'))) {
    const { definitions = {} } = generator.createSchema(name);
    for (const [key, schema] of Object.entries(definitions)) schemas[componentName(key)] = rewrite(schema);
  }
  typeSiblings(schemas, schemas);
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}

const text = `${JSON.stringify(generate(), null, 2)}\n`;
if (process.argv.includes('--check')) {
  if (!fs.existsSync(OUT) || fs.readFileSync(OUT, 'utf8') !== text) {
    console.error('api/src/openapi/schemas.generated.json is stale: run `npm run openapi:schemas -w api` and commit it.');
    process.exit(1);
  }
  console.log('OpenAPI schemas match the TypeScript types.');
} else {
  fs.writeFileSync(OUT, text);
  console.log(`wrote ${path.relative(process.cwd(), OUT)} (${Object.keys(JSON.parse(text)).length} schemas)`);
}
