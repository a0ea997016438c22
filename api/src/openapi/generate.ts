import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { buildOpenApiDocument, undocumentedOperations } from './document';

/**
 * Writes the OpenAPI document without starting anything: Nest's preview mode reads the routes and their
 * metadata but instantiates no provider (no database, Redis or storage). `node api/dist/openapi/generate.js <file>`.
 */
async function main(out: string): Promise<void> {
  const app = await NestFactory.create(AppModule, { preview: true, logger: false, abortOnError: false });
  app.setGlobalPrefix('api');
  const doc = buildOpenApiDocument(app);
  writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
  const missing = undocumentedOperations(doc);
  if (missing.length) {
    console.error(`Operations without an entry in api/src/openapi/operations.ts (summary, answer, errors): ${missing.join(', ')}`);
    process.exit(1);
  }
  console.log(`wrote ${out}: ${Object.values(doc.paths).flatMap((p) => Object.keys(p)).length} operations`);
  process.exit(0);
}

main(process.argv[2] ?? 'openapi.json').catch((err) => {
  console.error(err);
  process.exit(1);
});
