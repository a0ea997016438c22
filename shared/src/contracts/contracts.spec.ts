import { EventEmitter } from 'node:events';
import { DEFAULT_ANALYSIS_PARAMS, AnalysisStatus } from '../analysis';
import {
  AnalysisJobPayload,
  CHANNELS,
  JobHandlers,
  JobProducer,
  ServerToClientEvents,
  decodeMessage,
  decodeWorkerAnnouncement,
  encodeMessage,
  enqueue,
  isJobName,
  jobAnalysisId,
  publish,
  runJob,
  subscribe,
} from '.';

/**
 * The compile-time half of this file: each `@ts-expect-error` line below must fail to compile (ts-jest
 * type-checks this spec, and `npm run typecheck` includes it), so a contract that stops rejecting a
 * wrong payload breaks the unit tests.
 */
describe('contracts reject wrong payloads at compile time', () => {
  const added: [string, unknown][] = [];
  const analyses: JobProducer<'analyses'> = { add: async (name, data) => void added.push([name, data]) };
  const maintenance: JobProducer<'maintenance'> = { add: async (name, data) => void added.push([name, data]) };
  const payload: AnalysisJobPayload = { analysisId: 'a1', userId: 'u1', files: [{ key: 'uploads/a1/1.pdf', name: 'x.pdf', pages: 1 }], params: DEFAULT_ANALYSIS_PARAMS };

  it('jobs: only the queue’s job names, each with its own data', async () => {
    await enqueue(analyses, 'analyze', payload);
    await enqueue(maintenance, 'backup', { backupId: 'b1' });
    await enqueue(maintenance, 'renew-allowances', {});
    // @ts-expect-error a job name the analyses queue does not have
    await enqueue(analyses, 'analyse', payload);
    // @ts-expect-error the analyze job without its files
    await enqueue(analyses, 'analyze', { analysisId: 'a1', userId: 'u1', params: DEFAULT_ANALYSIS_PARAMS });
    // @ts-expect-error a backup's id is a string
    await enqueue(maintenance, 'backup', { backupId: 42 });
    // @ts-expect-error the analyze job belongs to the analyses queue, not maintenance
    await enqueue(maintenance, 'analyze', payload);
    // @ts-expect-error scheduled tasks carry no data
    await enqueue(maintenance, 'sweep-stuck-analyses', { analysisId: 'a1' });
    expect(added.map(([n]) => n)).toEqual(['analyze', 'backup', 'renew-allowances', 'analyse', 'analyze', 'backup', 'analyze', 'sweep-stuck-analyses']);
  });

  it('redis: each channel carries its own message', async () => {
    const sent: [string, string][] = [];
    const redis = { publish: async (c: string, m: string) => sent.push([c, m]) };
    await publish(redis, CHANNELS.settingsChanged, 'system');
    // @ts-expect-error not a settings section
    await publish(redis, CHANNELS.settingsChanged, 'sistema');
    // @ts-expect-error a status message needs its room (userId)
    await publish(redis, CHANNELS.analysisStatus, { id: 'a1', status: AnalysisStatus.Done, processedFiles: 1, totalFiles: 1 });
    expect(sent[0]).toEqual(['cda:settings-changed', 'system']);
  });

  it('socket: each event has its payload', () => {
    const emit = <E extends keyof ServerToClientEvents>(_event: E, ..._args: Parameters<ServerToClientEvents[E]>) => undefined;
    emit('analysis:status', { id: 'a1', status: AnalysisStatus.Processing, processedFiles: 0, totalFiles: 2 });
    // @ts-expect-error processedFiles is a number
    emit('analysis:status', { id: 'a1', status: AnalysisStatus.Processing, processedFiles: '0', totalFiles: 2 });
    // @ts-expect-error an order event is not a ticket event
    emit('ticket:updated', { id: 'o1', status: 'approved', statusDetail: null });
    // @ts-expect-error no such event
    emit('analysis:progress', {});
  });
});

describe('job dispatch', () => {
  it('runs the handler of the job’s name with its data and recognises only known names', async () => {
    const seen: string[] = [];
    const handlers: JobHandlers<'analyses', string> = { analyze: async (d) => d.analysisId, regenerate: async (d) => `${d.analysisId}@v${d.version}` };
    expect(isJobName(handlers, 'analyze')).toBe(true);
    expect(isJobName(handlers, 'backup')).toBe(false);
    expect(isJobName(handlers, 'toString')).toBe(false);
    seen.push(await runJob(handlers, 'analyze', { analysisId: 'a9', userId: 'u', files: [], params: DEFAULT_ANALYSIS_PARAMS }));
    seen.push(await runJob(handlers, 'regenerate', { analysisId: 'a9', userId: 'u', version: 2 }));
    expect(seen).toEqual(['a9', 'a9@v2']);
  });

  it('reads an analysis id only where a job carries one', () => {
    expect(jobAnalysisId({ analysisId: 'a1' })).toBe('a1');
    expect(jobAnalysisId({ backupId: 'b1' })).toBeNull();
    expect(jobAnalysisId({ analysisId: 7 })).toBeNull();
    expect(jobAnalysisId(undefined)).toBeNull();
  });
});

describe('channel messages', () => {
  const message = { id: 'a1', userId: 'u1', status: AnalysisStatus.Error, processedFiles: 1, totalFiles: 3, error: 'Falha' };

  it('round-trips a status message and a settings section', () => {
    expect(decodeMessage(CHANNELS.analysisStatus, encodeMessage(CHANNELS.analysisStatus, message))).toEqual(message);
    expect(encodeMessage(CHANNELS.settingsChanged, 'email')).toBe('email');
    expect(decodeMessage(CHANNELS.settingsChanged, 'email')).toBe('email');
  });

  it('drops what is not a message of the channel', () => {
    const bad = [
      'not json',
      'null',
      JSON.stringify({ ...message, userId: undefined }),
      JSON.stringify({ ...message, status: 'Finished' }),
      JSON.stringify({ ...message, processedFiles: '1' }),
      JSON.stringify({ ...message, error: 5 }),
    ];
    for (const raw of bad) expect(decodeMessage(CHANNELS.analysisStatus, raw)).toBeNull();
    expect(decodeMessage(CHANNELS.settingsChanged, 'billing')).toBeNull();
  });

  it('subscribes once the connection is ready and hands over only valid messages of its channel', async () => {
    const subscribed: string[] = [];
    const redis = Object.assign(new EventEmitter(), {
      status: 'connecting',
      subscribe: async (...c: string[]) => void subscribed.push(...c),
    });
    const got: unknown[] = [];
    const errors: string[] = [];
    const done = subscribe(redis, CHANNELS.analysisStatus, {
      onMessage: (m) => void got.push(m.id),
      onError: (err) => void errors.push(err.message),
      onMalformed: (raw) => void errors.push(`malformed|${raw}`),
    });
    await Promise.resolve();
    expect(subscribed).toEqual([]);
    redis.status = 'ready';
    redis.emit('ready');
    await done;
    expect(subscribed).toEqual(['cda:analysis-status']);
    redis.emit('message', 'cda:analysis-status', JSON.stringify(message));
    redis.emit('message', 'cda:settings-changed', 'system');
    redis.emit('message', 'cda:analysis-status', '{oops');
    expect(got).toEqual(['a1']);
    expect(errors).toEqual(['malformed|{oops']);
  });

  it('reports a handler that fails', async () => {
    const redis = Object.assign(new EventEmitter(), { status: 'ready', subscribe: async () => undefined });
    const errors: string[] = [];
    await subscribe(redis, CHANNELS.settingsChanged, {
      onMessage: async () => {
        throw new Error('reload failed');
      },
      onError: (err) => void errors.push(err.message),
    });
    redis.emit('message', 'cda:settings-changed', 'system');
    await new Promise((r) => setImmediate(r));
    expect(errors).toEqual(['reload failed']);
  });
});

describe('worker announcements', () => {
  const a = { id: 'h:1', host: 'h', pid: 1, concurrency: 2, version: '0.1.0', startedAt: 'x', lastSeen: 'y', activeJobs: 0, metricsPort: 9464 };
  it('reads a stored announcement back and refuses anything else', () => {
    expect(decodeWorkerAnnouncement(JSON.stringify(a))).toEqual(a);
    expect(decodeWorkerAnnouncement(JSON.stringify({ ...a, pid: '1' }))).toBeNull();
    expect(decodeWorkerAnnouncement('{')).toBeNull();
  });
});
