import { FormEvent, useState } from 'react';
import { useSWRConfig } from 'swr';
import { formatCentavos, formatTokens, parseBRLToCentavos } from '@cda/shared';
import { adminApi, useAdminPlans, type AdminPlan } from '../api/admin';
import { Dialog } from '../components/Dialog';
import { Field } from '../components/forms/Fields';
import { ErrorBanner, Notice, NoticeState, messageOf, useAction } from './AdminUi';

const FREE = 'free';
const UNLIMITED = 999_999_999;
const COLORS: Record<string, string> = { gray: '#6b7280', blue: '#2563eb', purple: '#7c3aed', green: '#16a34a', amber: '#d97706', gold: '#ca8a04', red: '#dc2626', indigo: '#4f46e5', pink: '#db2777' };
const COLOR_NAMES: Record<string, string> = { gray: 'Cinza', blue: 'Azul', purple: 'Roxo', green: 'Verde', amber: 'Âmbar', gold: 'Dourado', red: 'Vermelho', indigo: 'Índigo', pink: 'Rosa' };
const colorOf = (c: string) => (c.startsWith('#') ? c : COLORS[c] ?? '#6b7280');
const centsText = (c: number) => (c / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Yearly price versus twelve months, rounded; null when there is nothing to compare. */
function yearlyDiscount(p: AdminPlan): number | null {
  if (!p.monthlyPriceCents || !p.yearlyPriceCents) return null;
  const d = Math.round(100 - (p.yearlyPriceCents / (p.monthlyPriceCents * 12)) * 100);
  return d > 0 ? d : null;
}

/** `/admin/plans`: the plans table that `/plans` and checkout read (only active plans show there). */
export function AdminPlansPage() {
  const { data, error } = useAdminPlans();
  const { mutate } = useSWRConfig();
  const [editing, setEditing] = useState<AdminPlan | null>(null);
  const [deleting, setDeleting] = useState<AdminPlan | null>(null);
  const [banner, setBanner] = useState<NoticeState>(null);
  const refresh = () => mutate('/admin/plans');

  return (
    <div className="admin-page">
      <div className="admin-head">
        <div>
          <h1>Gerenciar Planos</h1>
          <p className="muted">Preços, limites e recursos dos planos. Planos inativos saem da página de planos e do checkout; quem já os tem continua com eles.</p>
        </div>
      </div>
      <Notice notice={banner} onClose={() => setBanner(null)} />
      {error && <ErrorBanner title="Erro ao carregar planos" detail={messageOf(error)} />}
      {!data && !error && <p className="muted">Carregando...</p>}
      <div className="plan-grid">
        {data?.map((p) => {
          const discount = yearlyDiscount(p);
          return (
            <article key={p.id} className={`plan-card${p.isActive ? '' : ' inactive'}`} style={{ ['--plan-color' as string]: colorOf(p.color) }} aria-label={`Plano ${p.name}`}>
              <header>
                <h2>{p.name}</h2>
                {p.isActive ? (p.popular ? <span className="badge badge-blue">Popular</span> : null) : <span className="badge badge-grey">Inativo</span>}
              </header>
              <p className="muted small">{p.description || 'Sem descrição'}</p>
              <div className="price">
                {p.monthlyPriceCents ? <>{formatCentavos(p.monthlyPriceCents)}<small>/mês</small></> : p.id === FREE ? 'Grátis' : 'Sob consulta'}
              </div>
              {p.yearlyPriceCents > 0 && (
                <p className="small muted">
                  {formatCentavos(p.yearlyPriceCents)}/ano{discount ? ` · ${discount}% de desconto` : ''}
                </p>
              )}
              <p><strong>{p.unlimited ? 'Tokens ilimitados' : `${formatTokens(p.tokenLimit)} tokens/mês`}</strong></p>
              {p.features.length > 0 && <ul>{p.features.map((f) => <li key={f}>{f}</li>)}</ul>}
              <footer>
                <span className="muted small">{p.subscribers.toLocaleString('pt-BR')} {p.subscribers === 1 ? 'assinante' : 'assinantes'}</span>
                <span className="row-actions">
                  <button type="button" className="button secondary" onClick={() => setEditing(p)}>Editar</button>
                  {p.id !== FREE && (
                    <button type="button" className="button danger-outline" onClick={() => setDeleting(p)}>Excluir</button>
                  )}
                </span>
              </footer>
            </article>
          );
        })}
      </div>
      {editing && (
        <PlanModal
          plan={editing}
          onClose={() => setEditing(null)}
          onSaved={(p) => {
            setEditing(null);
            setBanner({ ok: true, title: `Plano ${p.name} salvo.` });
            void refresh();
          }}
        />
      )}
      {deleting && (
        <DeletePlanModal
          plan={deleting}
          onClose={() => setDeleting(null)}
          onDone={(ok, detail) => {
            setDeleting(null);
            setBanner(ok ? { ok, title: `Plano ${deleting.name} excluído.` } : { ok, title: 'Erro ao excluir plano', detail });
            void refresh();
          }}
        />
      )}
    </div>
  );
}

function PlanModal({ plan, onClose, onSaved }: { plan: AdminPlan; onClose(): void; onSaved(p: AdminPlan): void }) {
  const [f, setF] = useState({
    name: plan.name,
    description: plan.description,
    monthly: centsText(plan.monthlyPriceCents),
    yearly: centsText(plan.yearlyPriceCents),
    tokenLimit: String(plan.tokenLimit),
    unlimited: plan.unlimited,
    features: plan.features.join('\n'),
    color: plan.color,
    isActive: plan.isActive,
    popular: plan.popular,
  });
  const { busy, error, run } = useAction();
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const monthly = parseBRLToCentavos(f.monthly);
  const yearly = parseBRLToCentavos(f.yearly);
  const limit = f.unlimited ? UNLIMITED : Number(f.tokenLimit);
  const problems = {
    name: f.name.trim() ? undefined : 'Informe o nome do plano.',
    monthly: monthly !== null && monthly >= 0 ? undefined : 'Informe um valor em reais, ex.: 49,00',
    yearly: yearly !== null && yearly >= 0 ? undefined : 'Informe um valor em reais, ex.: 470,00',
    tokenLimit: Number.isInteger(limit) && limit >= 0 && limit <= UNLIMITED ? undefined : 'Informe um número inteiro de tokens.',
  };
  const invalid = Object.values(problems).some(Boolean);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return;
    await run(async () => {
      const saved = await adminApi.updatePlan(plan.id, {
        name: f.name.trim(),
        description: f.description.trim(),
        monthlyPriceCents: monthly!,
        yearlyPriceCents: yearly!,
        tokenLimit: limit,
        features: f.features.split('\n').map((s) => s.trim()).filter(Boolean),
        color: f.color,
        popular: f.popular,
        ...(plan.id === FREE ? {} : { isActive: f.isActive }),
      });
      onSaved(saved);
    });
  };

  return (
    <Dialog
      title={`Editar Plano ${plan.name}`}
      wide
      onClose={onClose}
      actions={<button type="submit" form="plan-form" className="button" disabled={busy || invalid}>{busy ? 'Salvando...' : 'Salvar Plano'}</button>}
    >
      {error && <ErrorBanner title="Erro ao salvar plano" detail={error} />}
      <form id="plan-form" className="admin-form" onSubmit={submit} noValidate>
        <Field label="Nome *" error={problems.name}><input value={f.name} onChange={set('name')} maxLength={80} /></Field>
        <Field label="Cor">
          <select value={f.color} onChange={set('color')}>
            {[...new Set([...Object.keys(COLORS), f.color])].map((c) => <option key={c} value={c}>{COLOR_NAMES[c] ?? c}</option>)}
          </select>
        </Field>
        <div className="full">
          <Field label="Descrição"><textarea rows={2} value={f.description} onChange={set('description')} maxLength={500} /></Field>
        </div>
        <Field label="Preço mensal (R$)" error={problems.monthly}><input inputMode="decimal" value={f.monthly} onChange={set('monthly')} /></Field>
        <Field label="Preço anual (R$)" error={problems.yearly}><input inputMode="decimal" value={f.yearly} onChange={set('yearly')} /></Field>
        <Field label="Limite de tokens por mês" error={problems.tokenLimit}>
          <input type="number" min={0} step={1} value={f.unlimited ? '' : f.tokenLimit} disabled={f.unlimited} onChange={set('tokenLimit')} />
        </Field>
        <label className="inline"><input type="checkbox" checked={f.unlimited} onChange={(e) => setF({ ...f, unlimited: e.target.checked })} /> Ilimitado</label>
        <div className="full">
          <Field label="Recursos (um por linha)"><textarea rows={5} value={f.features} onChange={set('features')} /></Field>
        </div>
        <label className="inline">
          <input type="checkbox" checked={f.isActive} disabled={plan.id === FREE} onChange={(e) => setF({ ...f, isActive: e.target.checked })} />
          Ativo {plan.id === FREE && <span className="hint">(o plano Gratuito não pode ser desativado)</span>}
        </label>
        <label className="inline"><input type="checkbox" checked={f.popular} onChange={(e) => setF({ ...f, popular: e.target.checked })} /> Destacar como popular</label>
        <p className="full muted small">Preço 0 significa gratuito (Free) ou sob consulta. Um novo limite de tokens vale para cada assinante na próxima renovação mensal.</p>
      </form>
    </Dialog>
  );
}

function DeletePlanModal({ plan, onClose, onDone }: { plan: AdminPlan; onClose(): void; onDone(ok: boolean, detail?: string): void }) {
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await adminApi.deletePlan(plan.id);
      onDone(true);
    } catch (err) {
      onDone(false, messageOf(err));
    }
  };
  return (
    <Dialog
      title={`Excluir Plano ${plan.name}`}
      onClose={onClose}
      actions={<button type="button" className="button danger" disabled={busy} onClick={() => void remove()}>{busy ? 'Excluindo...' : 'Excluir'}</button>}
    >
      <p>Tem certeza que deseja excluir este plano?</p>
      {plan.subscribers > 0 && (
        <p className="alert alert-red">
          {plan.subscribers === 1 ? 'Há 1 usuário' : `Há ${plan.subscribers.toLocaleString('pt-BR')} usuários`} neste plano: a exclusão será recusada. Mude-os de plano ou desative-o.
        </p>
      )}
    </Dialog>
  );
}
