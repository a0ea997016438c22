import { useEffect, useState } from 'react';
import useSWR, { mutate as globalMutate } from 'swr';
import { FailedJob, QueueName, QueueStats, QueuesOverview, SOCKET_EVENTS, formatDateTime, formatDecimal, formatTime } from '@cda/shared';
import { apiFetch, fetcher } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import { connectSocket } from '../realtime/socket';
import './admin-ops.css';

const OVERVIEW_KEY = '/admin/queues';
const failedKey = (queue: string) => `/admin/queues/${queue}/failed`;
const QUEUE_LABELS: Record<QueueName, string> = { analyses: 'Análises', maintenance: 'Manutenção (backups e limpezas)', webhooks: 'Webhooks (avisos às integrações)' };
const queueLabel = (name: string) => QUEUE_LABELS[name as QueueName] ?? name;
const COUNTS: [keyof QueueStats['counts'], string][] = [
  ['waiting', 'Aguardando'],
  ['active', 'Em execução'],
  ['completed', 'Concluídas'],
  ['failed', 'Com falha'],
  ['delayed', 'Agendadas'],
];

/**
 * Live from the server: the first figures come over REST, then the API pushes fresh ones to the
 * admins' socket room every two seconds; no polling from here. A change in a queue's failed count
 * refetches its failed-job list.
 */
function useLiveQueues(): { data?: QueuesOverview; error?: Error; live: boolean } {
  const { token } = useAuth();
  const { data, error, mutate } = useSWR<QueuesOverview>(OVERVIEW_KEY, fetcher);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!token) return;
    const socket = connectSocket(token);
    socket.on('connect', () => setLive(true));
    socket.on('disconnect', () => setLive(false));
    socket.on(SOCKET_EVENTS.queuesStats, (overview) => void mutate(overview, { revalidate: false }));
    return () => {
      socket.disconnect();
    };
  }, [token, mutate]);
  return { data, error: error as Error | undefined, live };
}

export function AdminQueuesPage() {
  const { data, error, live } = useLiveQueues();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const act = async (path: string, ok: string) => {
    setMessage(null);
    try {
      await apiFetch(path, { method: 'POST' });
      setMessage({ ok: true, text: ok });
      await globalMutate(OVERVIEW_KEY);
    } catch (e) {
      setMessage({ ok: false, text: (e as Error).message });
    }
  };

  return (
    <div className="page page-wide admin-ops">
      <div className="queue-head">
        <h1>Filas de processamento</h1>
        <span className="small muted" role="status">
          <span className={`live-dot${live ? ' on' : ''}`} aria-hidden="true" />
          {live ? `Ao vivo${data?.at ? ` · atualizado ${formatTime(data.at)}` : ''}` : 'Reconectando...'}
        </span>
      </div>
      {error && <p className="alert alert-red">{error.message || 'Erro ao carregar as filas'}</p>}
      {message && <p className={`alert ${message.ok ? 'alert-green' : 'alert-red'}`} role={message.ok ? 'status' : 'alert'}>{message.text}</p>}
      {!data ? (
        !error && <p className="muted">Carregando...</p>
      ) : (
        <>
          <div className="queue-grid">
            {data.queues.map((q) => (
              <QueueCard key={q.name} queue={q} onAct={act} />
            ))}
          </div>
          <section className="card">
            <h2>Workers conectados ({data.workers.length})</h2>
            {data.workers.length === 0 ? (
              <p className="alert alert-red" data-testid="no-worker-alive">
                Nenhum worker ativo{data.processing?.noWorkerSince ? ` desde ${formatDateTime(data.processing.noWorkerSince)}` : ''}: as análises ficam aguardando até um worker iniciar.
              </p>
            ) : (
              <table className="table">
                <thead>
                  <tr>
                    <th>Host</th>
                    <th>PID</th>
                    <th>Concorrência</th>
                    <th>Em execução</th>
                    <th>Desde</th>
                    <th>Último sinal</th>
                    <th>Versão</th>
                  </tr>
                </thead>
                <tbody>
                  {data.workers.map((w) => (
                    <tr key={w.id}>
                      <td>{w.host}</td>
                      <td>{w.pid}</td>
                      <td>{w.concurrency}</td>
                      <td>{w.activeJobs}</td>
                      <td>{formatDateTime(w.startedAt)}</td>
                      <td>{formatDateTime(w.lastSeen)}</td>
                      <td>{w.version}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          {data.queues.map((q) => (
            <FailedJobs key={q.name} queue={q} onRetry={(id) => act(`/admin/queues/${q.name}/jobs/${encodeURIComponent(id)}/retry`, 'Tarefa enviada novamente para a fila.')} />
          ))}
        </>
      )}
    </div>
  );
}

function QueueCard({ queue, onAct }: { queue: QueueStats; onAct(path: string, ok: string): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    await onAct(`/admin/queues/${queue.name}/${queue.paused ? 'resume' : 'pause'}`, queue.paused ? 'Fila retomada.' : 'Fila pausada: os workers terminam o que já começaram e não pegam novas tarefas.');
    setBusy(false);
  };
  const waiting = queue.counts.waiting + queue.counts.paused + queue.counts.prioritized;
  return (
    <section className="card" aria-label={`Fila ${queueLabel(queue.name)}`}>
      <div className="queue-head">
        <h2>
          {queueLabel(queue.name)} {queue.paused && <span className="badge badge-yellow">Pausada</span>}
        </h2>
        <button type="button" className="button secondary" disabled={busy} onClick={toggle}>
          {queue.paused ? 'Retomar' : 'Pausar'}
        </button>
      </div>
      <div className="queue-counts">
        {COUNTS.map(([k, label]) => (
          <div key={k}>
            <strong>{k === 'waiting' ? waiting : queue.counts[k]}</strong>
            <span>{label}</span>
          </div>
        ))}
      </div>
      <p className="small">
        Vazão: <strong>{queue.throughput.lastMinute}</strong>/min no último minuto · média de <strong>{formatDecimal(queue.throughput.perMinute15, 1)}</strong>/min nos
        últimos 15 min
      </p>
    </section>
  );
}

function FailedJobs({ queue, onRetry }: { queue: QueueStats; onRetry(id: string): Promise<void> }) {
  const { data, mutate } = useSWR<{ items: FailedJob[]; total: number }>(failedKey(queue.name), fetcher);
  // The pushed count says when the list changed.
  useEffect(() => {
    void mutate();
  }, [queue.counts.failed, mutate]);
  if (!data || data.total === 0) return null;
  return (
    <section className="card">
      <h2>
        Tarefas com falha: {queueLabel(queue.name)} ({data.total})
      </h2>
      <table className="table">
        <thead>
          <tr>
            <th>Tarefa</th>
            <th>Erro</th>
            <th>Tentativas</th>
            <th>Quando</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {data.items.map((j) => (
            <tr key={j.id}>
              <td>
                {j.name}
                <div className="small muted">{j.analysisId ? `Análise ${j.analysisId.slice(0, 8)}` : `#${j.id}`}</div>
              </td>
              <td className="failed-reason">{j.reason}</td>
              <td>{j.attempts}</td>
              <td>{j.failedAt ? formatDateTime(j.failedAt) : '—'}</td>
              <td>
                <button type="button" className="link" onClick={() => void onRetry(j.id).then(() => mutate())}>
                  Tentar novamente
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
