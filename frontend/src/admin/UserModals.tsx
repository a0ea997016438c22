import { FormEvent, useId, useState } from 'react';
import { formatTokens, phoneToSend } from '@cda/shared';
import { adminApi, type AdminPlan, type AdminUser, type UserStatus } from '../api/admin';
import { Dialog } from '../components/Dialog';
import { Field, PhoneInput, formatPhone } from '../components/forms/Fields';
import { ErrorBanner, ROLE_LABELS, STATUS_LABELS, useAction } from './AdminUi';
import { SubscriptionPanel } from './SubscriptionPanel';
import type { AccountMailOutcome, UserRole } from '@cda/shared';

/** Fixed text of a grant made from the users table (the credits screen asks for a reason instead). */
export const ADMIN_GRANT_DESCRIPTION = 'Créditos adicionados pelo administrador';

interface Done {
  onClose(): void;
  /** The action succeeded: refresh the list and say so. */
  onDone(message: string, user?: AdminUser): void;
}

const STATUSES = Object.keys(STATUS_LABELS) as UserStatus[];
/** The API's ceiling for a token limit (the plans' "ilimitado"). */
const MAX_TOKEN_LIMIT = 999_999_999;
const limitText = (n: number) => (n >= MAX_TOKEN_LIMIT ? 'ilimitado' : `${n.toLocaleString('pt-BR')} tokens por mês`);

/** `id` comes from Field, which labels the select by it. */
function PlanSelect({ id, plans, value, onChange }: { id?: string; plans: AdminPlan[]; value: string; onChange(v: string): void }) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      {plans.map((p) => (
        <option key={p.id} value={p.id}>{p.name}{p.isActive ? '' : ' (inativo)'}</option>
      ))}
    </select>
  );
}

export function NewUserModal({ plans, onClose, onDone }: Done & { plans: AdminPlan[] }) {
  const [f, setF] = useState({ name: '', email: '', plan: 'free', status: 'active' as UserStatus, whatsapp: '', phone: '', company: '', credits: '0' });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const { busy, error, run } = useAction();
  const credits = f.credits.trim() === '' ? 0 : Number(f.credits);
  const creditsBad = !Number.isInteger(credits) || credits < 0;
  const blank = !f.name.trim() || !f.email.trim();
  // The welcome mail was not accepted by the SMTP server: the password is shown here, once.
  const [unsent, setUnsent] = useState<{ user: AdminUser; mail: AccountMailOutcome } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (blank || creditsBad) return;
    void run(async () => {
      const user = await adminApi.createUser({
        name: f.name.trim(),
        email: f.email.trim(),
        plan: f.plan,
        status: f.status,
        phone: phoneToSend(f.phone) || undefined,
        whatsapp: phoneToSend(f.whatsapp) || undefined,
        company: f.company.trim() || undefined,
        credits,
      });
      const { mail, ...created } = user;
      if (mail.status === 'sent') {
        onDone(`Usuário ${created.name} criado. A senha temporária foi enviada para ${created.email} (o servidor de e-mail aceitou a mensagem); a troca será exigida no primeiro acesso.`, created);
      } else {
        setUnsent({ user: created, mail });
      }
    });
  };

  if (unsent) {
    const { user, mail } = unsent;
    const finish = () => onDone(`Usuário ${user.name} criado. A senha temporária não foi enviada por e-mail; entregue-a ao usuário por outro meio.`, user);
    return (
      <Dialog title="Usuário criado — e-mail não enviado" onClose={finish}>
        <div className="alert alert-yellow" role="alert">
          <strong>O e-mail com a senha temporária não foi enviado</strong>{' '}
          {mail.status === 'unsent' ? '(SMTP não configurado).' : '(o servidor SMTP recusou ou não respondeu).'}
          {mail.error && <div className="small">Resposta: {mail.error}</div>}
        </div>
        <p>Entregue esta senha temporária a <strong>{user.name}</strong> ({user.email}) por um meio seguro. Ela é mostrada <strong>somente agora</strong>; a troca será exigida no primeiro acesso.</p>
        <p className="temp-password">
          <code data-testid="temporary-password">{mail.temporaryPassword}</code>{' '}
          <button type="button" className="button secondary" onClick={() => void navigator.clipboard?.writeText(mail.temporaryPassword ?? '')}>Copiar</button>
        </p>
        <p className="muted small">O e-mail fica em E-mails e pode ser reenviado quando o envio funcionar.</p>
      </Dialog>
    );
  }

  return (
    <Dialog
      title="Novo Usuário"
      wide
      onClose={onClose}
      actions={<button type="submit" form="new-user" className="button" disabled={busy || blank || creditsBad}>{busy ? 'Criando...' : 'Criar Usuário'}</button>}
    >
      {error && <ErrorBanner title="Erro ao criar usuário" detail={error} />}
      <form id="new-user" className="admin-form" onSubmit={submit} noValidate>
        <Field label="Nome *"><input value={f.name} onChange={set('name')} autoFocus maxLength={200} /></Field>
        <Field label="E-mail *"><input type="email" value={f.email} onChange={set('email')} maxLength={254} /></Field>
        <Field label="Plano"><PlanSelect plans={plans} value={f.plan} onChange={(plan) => setF({ ...f, plan })} /></Field>
        <Field label="Status">
          <select value={f.status} onChange={set('status')}>
            {STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
          </select>
        </Field>
        <Field label="WhatsApp"><PhoneInput value={f.whatsapp} onChange={set('whatsapp')} /></Field>
        <Field label="Telefone"><PhoneInput value={f.phone} onChange={set('phone')} /></Field>
        <Field label="Empresa"><input value={f.company} onChange={set('company')} maxLength={200} /></Field>
        <Field label="Créditos iniciais" error={creditsBad ? 'Informe um número inteiro maior ou igual a zero.' : undefined}>
          <input type="number" min={0} step={1} value={f.credits} onChange={set('credits')} />
        </Field>
        <p className="full muted small">
          Uma senha temporária será gerada pelo servidor e enviada por e-mail (se o e-mail não puder ser enviado, ela será mostrada aqui uma única vez); o usuário deverá trocá-la no primeiro acesso.
        </p>
      </form>
    </Dialog>
  );
}

export function EditUserModal({ user, plans, actorRole, onClose, onDone }: Done & { user: AdminUser; plans: AdminPlan[]; actorRole: UserRole }) {
  const [f, setF] = useState({
    name: user.name, email: user.email, plan: user.plan, status: user.status, role: user.role, whatsapp: formatPhone(user.whatsapp), phone: formatPhone(user.phone), company: user.company ?? '',
    // Empty: the plan's limit applies.
    limit: user.tokenLimitOverridden ? String(user.tokenLimit) : '',
  });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const { busy, error, run } = useAction();
  const limitId = useId();
  const plan = plans.find((p) => p.id === f.plan);
  const planChanged = f.plan !== user.plan;
  const planLimit = plan?.tokenLimit ?? (planChanged ? null : user.planTokenLimit);
  const limit = f.limit.trim() === '' ? null : Number(f.limit);
  const badLimit = limit !== null && (!Number.isInteger(limit) || limit < 0 || limit > MAX_TOKEN_LIMIT);
  const blank = !f.name.trim() || !f.email.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (blank || badLimit) return;
    // Only what changed is sent, so an admin saving a form never touches the role field.
    const patch: Record<string, unknown> = {};
    if (f.name.trim() !== user.name) patch.name = f.name.trim();
    if (f.email.trim() !== user.email) patch.email = f.email.trim();
    if (f.plan !== user.plan) patch.plan = f.plan;
    if (f.status !== user.status) patch.status = f.status;
    if (f.role !== user.role) patch.role = f.role;
    if (phoneToSend(f.phone) !== (user.phone ?? '')) patch.phone = phoneToSend(f.phone);
    if (phoneToSend(f.whatsapp) !== (user.whatsapp ?? '')) patch.whatsapp = phoneToSend(f.whatsapp);
    if (f.company.trim() !== (user.company ?? '')) patch.company = f.company.trim();
    // A plan change already clears the account's own limit; a limit typed with it applies to the new plan.
    const current = user.tokenLimitOverridden ? user.tokenLimit : null;
    if (planChanged ? limit !== null : limit !== current) patch.tokenLimit = limit;
    void run(async () => {
      const saved = Object.keys(patch).length ? await adminApi.updateUser(user.id, patch) : user;
      onDone(`Usuário ${saved.name} atualizado.`, saved);
    });
  };

  return (
    <Dialog
      title={`Editar Usuário`}
      wide
      onClose={onClose}
      actions={<button type="submit" form="edit-user" className="button" disabled={busy || blank || badLimit}>{busy ? 'Salvando...' : 'Salvar Alterações'}</button>}
    >
      {error && <ErrorBanner title="Erro ao atualizar usuário" detail={error} />}
      <form id="edit-user" className="admin-form" onSubmit={submit} noValidate>
        <Field label="Nome *"><input value={f.name} onChange={set('name')} maxLength={200} /></Field>
        <Field label="E-mail *"><input type="email" value={f.email} onChange={set('email')} maxLength={254} /></Field>
        {/* Choosing another plan empties the limit: the new plan starts from its own. */}
        <Field label="Plano"><PlanSelect plans={plans} value={f.plan} onChange={(p) => setF({ ...f, plan: p, limit: p === user.plan ? f.limit : '' })} /></Field>
        <div className="field">
          <label htmlFor={limitId}>Limite de tokens</label>
          <input
            id={limitId}
            type="number"
            min={0}
            max={MAX_TOKEN_LIMIT}
            step={1}
            inputMode="numeric"
            value={f.limit}
            onChange={set('limit')}
            placeholder={planLimit === null ? 'Do plano' : `Do plano: ${planLimit >= MAX_TOKEN_LIMIT ? 'ilimitado' : formatTokens(planLimit)}`}
            aria-describedby={`${limitId}-hint`}
          />
          {badLimit && <span className="error-text" role="alert">Informe um número inteiro de 0 a {MAX_TOKEN_LIMIT.toLocaleString('pt-BR')}.</span>}
          <small className="hint" id={`${limitId}-hint`}>
            {limit === null
              ? `Vazio: vale o limite do plano${planLimit === null ? '' : ` (${limitText(planLimit)})`}.`
              : `Limite próprio desta conta: ${limitText(limit)}.`}{' '}
            Ao salvar, o saldo do período muda pela diferença (o que já foi usado continua usado). Para tokens que não expiram, use “Créditos”.
          </small>
        </div>
        <Field label="Status">
          <select value={f.status} onChange={set('status')}>
            {STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
          </select>
        </Field>
        {actorRole === 'root' ? (
          <Field label="Papel">
            <select value={f.role} onChange={set('role')}>
              {(Object.keys(ROLE_LABELS) as UserRole[]).map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
            </select>
          </Field>
        ) : (
          <div className="field"><span>Papel</span><span className="readonly">{ROLE_LABELS[user.role]} <span className="hint">· só um root altera</span></span></div>
        )}
        <Field label="WhatsApp"><PhoneInput value={f.whatsapp} onChange={set('whatsapp')} /></Field>
        <Field label="Telefone"><PhoneInput value={f.phone} onChange={set('phone')} /></Field>
        <Field label="Empresa"><input value={f.company} onChange={set('company')} maxLength={200} /></Field>
        {planChanged && (
          <p className="full muted small">
            A troca de plano vale na hora: o saldo do plano passa a ser o do novo plano, os créditos são mantidos e o limite de tokens
            próprio da conta é removido (vale o do novo plano, salvo se você informar outro acima).
          </p>
        )}
      </form>
      <SubscriptionPanel userId={user.id} onChanged={(message) => onDone(message)} />
    </Dialog>
  );
}

export function AddCreditsModal({ user, onClose, onDone }: Done & { user: AdminUser }) {
  const [amount, setAmount] = useState('');
  const { busy, error, run } = useAction();
  const n = Number(amount);
  const bad = amount.trim() !== '' && (!Number.isInteger(n) || n <= 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!amount.trim() || bad) return;
    void run(async () => {
      const saved = await adminApi.addCredits(user.id, n, ADMIN_GRANT_DESCRIPTION);
      onDone(`${n.toLocaleString('pt-BR')} créditos adicionados a ${saved.name}.`, saved);
    });
  };

  return (
    <Dialog
      title="Adicionar Créditos"
      onClose={onClose}
      actions={<button type="submit" form="add-credits" className="button" disabled={busy || !amount.trim() || bad}>{busy ? 'Adicionando...' : 'Adicionar'}</button>}
    >
      {error && <ErrorBanner title="Erro ao adicionar créditos" detail={error} />}
      <form id="add-credits" className="admin-form" onSubmit={submit} noValidate>
        <p className="full">
          <strong>{user.name}</strong> <span className="muted">({user.email})</span><br />
          <span className="muted small">Créditos atuais: {user.credits.toLocaleString('pt-BR')} · saldo: {user.tokens.toLocaleString('pt-BR')} tokens</span>
        </p>
        <Field label="Quantidade de créditos *" error={bad ? 'Informe um número inteiro maior que zero.' : undefined}>
          <input type="number" min={1} step={1} value={amount} onChange={(e) => setAmount(e.target.value)} autoFocus />
        </Field>
        <p className="full muted small">Registrado no extrato como “{ADMIN_GRANT_DESCRIPTION}”.</p>
      </form>
    </Dialog>
  );
}

export function DeleteUserModal({ user, onClose, onDone }: Done & { user: AdminUser }) {
  const { busy, error, run } = useAction();
  return (
    <Dialog
      title="Excluir Usuário"
      onClose={onClose}
      actions={
        <button
          type="button"
          className="button danger"
          disabled={busy}
          onClick={() => void run(async () => {
            await adminApi.deleteUser(user.id);
            onDone(`Usuário ${user.name} excluído.`);
          })}
        >
          {busy ? 'Excluindo...' : 'Excluir'}
        </button>
      }
    >
      {error && <ErrorBanner title="Erro ao deletar usuário" detail={error} />}
      <p>Tem certeza que deseja excluir <strong>{user.name}</strong> ({user.email})?</p>
      <p className="muted small">
        A conta deixa de funcionar na hora e some das listas; o histórico (extrato de tokens, pagamentos e análises) é mantido para auditoria,
        e o e-mail fica livre para um novo cadastro.
      </p>
    </Dialog>
  );
}

/** Suspending ends the user's sessions at once, so it is confirmed first (reactivating needs no confirmation). */
export function SuspendUserModal({ user, onClose, onDone }: Done & { user: AdminUser }) {
  const { busy, error, run } = useAction();
  return (
    <Dialog
      title="Suspender Usuário"
      onClose={onClose}
      actions={
        <button
          type="button"
          className="button danger"
          disabled={busy}
          onClick={() => void run(async () => {
            await adminApi.setStatus(user.id, true);
            onDone(`${user.name} suspenso.`);
          })}
        >
          {busy ? 'Suspendendo...' : 'Suspender'}
        </button>
      }
    >
      {error && <ErrorBanner title="Erro ao alterar status do usuário" detail={error} />}
      <p>Tem certeza que deseja suspender <strong>{user.name}</strong> ({user.email})?</p>
      <p className="muted small">
        A pessoa é desconectada na hora e não consegue entrar até ser reativada. Os dados, o saldo e o histórico da conta são mantidos.
      </p>
    </Dialog>
  );
}
