import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import * as Minio from 'minio';
import { Readable } from 'node:stream';
import { AppConfig, s3ClientOptions } from '@cda/shared';

/** The single door to object storage (MinIO in production, the embedded S3 server locally). */
@Injectable()
export class StorageService implements OnModuleInit {
  private readonly logger = new Logger(StorageService.name);
  private readonly client: Minio.Client;
  readonly bucket: string;

  constructor(config: ConfigService<AppConfig, true>) {
    const app = config.get('s3', { infer: true });
    this.bucket = app.bucket;
    this.client = new Minio.Client(s3ClientOptions({ s3: app } as AppConfig));
  }

  async onModuleInit(): Promise<void> {
    await this.ensureBucket();
  }

  async ensureBucket(): Promise<void> {
    const exists = await this.client.bucketExists(this.bucket);
    if (!exists) {
      await this.client.makeBucket(this.bucket);
      this.logger.log(`created bucket ${this.bucket}`);
    }
  }

  async isReachable(): Promise<boolean> {
    return this.client.bucketExists(this.bucket);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  /** A file on local disk, streamed with its size known (large files go up in parts). */
  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    await this.client.fPutObject(this.bucket, key, filePath, { 'Content-Type': contentType });
  }

  async getStream(key: string): Promise<Readable> {
    return this.client.getObject(this.bucket, key);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await this.client.statObject(this.bucket, key);
      return { size: s.size };
    } catch (err) {
      if ((err as { code?: string }).code === 'NotFound' || (err as { code?: string }).code === 'NoSuchKey') return null;
      throw err;
    }
  }

  async listObjects(prefix: string): Promise<{ key: string; lastModified: Date }[]> {
    const out: { key: string; lastModified: Date }[] = [];
    for await (const item of this.client.listObjectsV2(this.bucket, prefix, true)) {
      const o = item as { name?: string; lastModified?: Date };
      if (o.name) out.push({ key: o.name, lastModified: o.lastModified ?? new Date(0) });
    }
    return out;
  }

  async removeKeys(keys: string[]): Promise<void> {
    // S3 multi-delete takes at most 1000 keys per call.
    for (let i = 0; i < keys.length; i += 1000) await this.client.removeObjects(this.bucket, keys.slice(i, i + 1000));
  }

  async removePrefix(prefix: string): Promise<void> {
    await this.removeKeys((await this.listObjects(prefix)).map((o) => o.key));
  }
}
