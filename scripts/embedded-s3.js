#!/usr/bin/env node
/*
 * Embedded S3-compatible server (s3rver) for machines without MinIO: `npm start` and the tests use it
 * so that the very same S3 code path runs everywhere. Loopback only; data in a local folder.
 */
const path = require('node:path');
const fs = require('node:fs');
const S3rver = require('s3rver');
const FilesystemStore = require('s3rver/lib/stores/filesystem');

// s3rver deletes a DeleteObjects request's keys concurrently, and each then prunes the empty parent
// folders: when two race, one finds the folder already gone (ENOENT) and the whole request answers
// 500 — with every object already deleted. The S3 client retried it ~300 ms later, which was most of
// a worker's idle time per analysis (bench/pipeline). A folder already pruned is the goal reached.
if (!FilesystemStore.prototype.deleteObject.tolerant) {
  const deleteObject = FilesystemStore.prototype.deleteObject;
  FilesystemStore.prototype.deleteObject = async function tolerantDeleteObject(bucket, key) {
    try {
      await deleteObject.call(this, bucket, key);
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
    }
  };
  FilesystemStore.prototype.deleteObject.tolerant = true;
}

async function startEmbeddedS3({ port = 9100, directory = '.data/s3', bucket = 'cda', silent = true } = {}) {
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory: path.resolve(directory),
    silent,
    configureBuckets: [{ name: bucket }],
  });
  const { port: actualPort } = await server.run();
  return { port: actualPort, endpoint: `http://127.0.0.1:${actualPort}`, close: () => server.close() };
}

module.exports = { startEmbeddedS3 };

if (require.main === module) {
  const port = Number(process.env.EMBEDDED_S3_PORT || 9100);
  const directory = process.env.EMBEDDED_S3_DIR || '.data/s3';
  const bucket = process.env.S3_BUCKET || 'cda';
  startEmbeddedS3({ port, directory, bucket }).then(
    (s) => {
      console.log(JSON.stringify({ level: 'info', msg: 'embedded S3 listening', endpoint: s.endpoint, directory }));
      const stop = () => s.close().finally(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (err) => {
      console.error(JSON.stringify({ level: 'fatal', msg: 'embedded S3 failed to start', err: String(err) }));
      process.exit(1);
    },
  );
}
