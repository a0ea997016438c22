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
      // One buffer of the object's size, filled as chunks arrive: collecting chunks and concatenating
      // them held the file twice at the peak (bench/memory: a 50 MB upload).
      // statObject is a HEAD request: a missing object comes back as a bare "Not Found"; say which.
      const { size } = await client.statObject(bucket, key).catch((err: { code?: string; message?: string }) => {
        if (err.code === 'NotFound' || err.code === 'NoSuchKey') throw new Error(`object ${key} does not exist in storage`);
        throw err;
      });
      const out = Buffer.allocUnsafe(size);
      let at = 0;
      for await (const chunk of await client.getObject(bucket, key)) {
        const c = chunk as Buffer;
        if (at + c.length > size) throw new Error(`object ${key} grew while being read`);
        c.copy(out, at);
        at += c.length;
      }
      if (at !== size) throw new Error(`object ${key}: read ${at} of ${size} bytes`);
      return out;
    },
    async put(key, body, contentType) {
      await client.putObject(bucket, key, body, body.length, { 'Content-Type': contentType });
    },
    async removePrefix(prefix) {
      // Deleting is idempotent, so a request that met a connection the server closed while this
      // process was busy (a long extraction holds the event loop past the server's keep-alive: the
      // next request on that socket gets "socket hang up") is sent once more on a fresh one.
      await onceMoreOnStaleSocket(async () => {
        const keys: string[] = [];
        for await (const item of client.listObjectsV2(bucket, prefix, true)) {
          const name = (item as { name?: string }).name;
          if (name) keys.push(name);
        }
        if (keys.length) await client.removeObjects(bucket, keys);
      });
    },
  };
}

/** Runs `op`, and once more when it failed on a connection the other side had closed. */
export async function onceMoreOnStaleSocket<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    const { code, message } = (err ?? {}) as { code?: string; message?: string };
    if (code !== 'ECONNRESET' && code !== 'EPIPE' && message !== 'socket hang up') throw err;
    return op();
  }
}
