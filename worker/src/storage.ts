import * as Minio from 'minio';
import { AppConfig, s3ClientOptions } from '@cda/shared';

export interface ObjectStore {
  getBuffer(key: string): Promise<Buffer>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  removePrefix(prefix: string): Promise<void>;
}

export function createObjectStore(config: AppConfig): ObjectStore {
  const client = new Minio.Client(s3ClientOptions(config));
  const bucket = config.s3.bucket;
  return {
    async getBuffer(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await client.getObject(bucket, key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async put(key, body, contentType) {
      await client.putObject(bucket, key, body, body.length, { 'Content-Type': contentType });
    },
    async removePrefix(prefix) {
      const keys: string[] = [];
      for await (const item of client.listObjectsV2(bucket, prefix, true)) {
        const name = (item as { name?: string }).name;
        if (name) keys.push(name);
      }
      if (keys.length) await client.removeObjects(bucket, keys);
    },
  };
}
