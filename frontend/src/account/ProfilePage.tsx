import { ReactNode, useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NotificationPreferences, Profile, phoneToSend } from '@cda/shared';
import { apiJson, fetcher } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import { ProfileForm, profileSchema } from '../auth/schemas';
import { Field, PhoneInput, formatPhone } from '../components/forms/Fields';
import { MyDataSection } from './MyDataSection';
import { ApiSection } from './ApiSection';
import { PaymentsSection } from '../payments/PaymentsSection';
import { PlanSection } from '../payments/PlanSection';
import { PasswordChangeFields, usePasswordChange } from '../auth/PasswordChange';
import { disablePush, enablePush } from '../push';

type Tab = 'perfil' | 'seguranca' | 'notificacoes' | 'plano' | 'pagamentos' | 'api' | 'meus-dados';
const TABS: { id: Tab; label: string }[] = [
  { id: 'perfil', label: 'Perfil' },
  { id: 'seguranca', label: 'Segurança' },
  { id: 'notificacoes', label: 'Notificações' },
  { id: 'plano', label: 'Plano' },
  { id: 'pagamentos', label: 'Pagamentos' },
  { id: 'api', label: 'API' },
  { id: 'meus-dados', label: 'Meus dados' },
];
type Outcome = { ok: boolean; message: string } | null;

function OutcomeBanner({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return <p className={`alert ${outcome.ok ? 'alert-green' : 'alert-red'}`} role={outcome.ok ? 'status' : 'alert'}>{outcome.message}</p>;
}

/** Runs a save and turns its result into the banner text: the server's message wins over the fallback. */
async function attempt(run: () => Promise<void>, success: string, fallback: string): Promise<Outcome> {
  try {
    await run();
    return { ok: true, message: success };
  } catch (err) {
    return { ok: false, message: (err as Error).message || fallback };
  }
}

export function ProfilePage() {
  // The tab lives in the URL, so a link can open one (e.g. /profile?tab=pagamentos) and Back returns to the last.
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'perfil';
  const setTab = (id: Tab) => setParams(id === 'perfil' ? {} : { tab: id });
  // On a phone the strip scrolls: the open tab is brought into it when it changes (e.g. a link opened it).
  const activeTab = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Braces on purpose: newer browsers return a promise here, which React would take for a clean-up.
    activeTab.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  const { data: profile, error, mutate } = useSWR<Profile>('/profile', fetcher);

  let body: ReactNode;
  if (error) body = <p className="alert alert-red">{(error as Error).message}</p>;
  else if (!profile) body = <p className="muted">Carregando...</p>;
  else if (tab === 'perfil') body = <ProfileTab profile={profile} onSaved={(p) => mutate(p, { revalidate: false })} />;
  else if (tab === 'seguranca') body = <SecurityTab />;
  else if (tab === 'plano') body = <PlanSection />;
  else if (tab === 'pagamentos') body = <PaymentsSection />;
  else if (tab === 'meus-dados') body = <MyDataSection />;
  else if (tab === 'api') body = <ApiSection />;
  else body = <NotificationsTab initial={profile.notifications} onSaved={(n) => mutate({ ...profile, notifications: n }, { revalidate: false })} />;

  return (
    <div className="page">
      <h1>Configurações da Conta</h1>
      <div className="tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={tab === t.id ? 'tab active' : 'tab'}
            onClick={() => setTab(t.id)}
            ref={tab === t.id ? activeTab : undefined}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section className="card" role="tabpanel">{body}</section>
    </div>
  );
}

function ProfileTab({ profile, onSaved }: { profile: Profile; onSaved(p: Profile): void }) {
  const { refresh } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { register, handleSubmit, formState } = useForm<ProfileForm>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: profile.name, email: profile.email, whatsapp: formatPhone(profile.whatsapp), phone: formatPhone(profile.phone), company: profile.company ?? '', position: profile.position ?? '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setOutcome(
      await attempt(
        async () => {
          const saved = await apiJson<Profile>('/profile', { method: 'PATCH', body: JSON.stringify({ ...values, whatsapp: phoneToSend(values.whatsapp), phone: phoneToSend(values.phone) }) });
          onSaved(saved);
          refresh({ user: saved });
        },
        'Perfil atualizado com sucesso!',
        'Erro ao atualizar perfil',
      ),
    );
  });

  return (
    <form className="form-grid" onSubmit={submit} noValidate>
      <h2>Informações pessoais</h2>
      <OutcomeBanner outcome={outcome} />
      <Field label="Nome completo" error={errors.name?.message}><input autoComplete="name" {...register('name')} /></Field>
      <Field label="E-mail" error={errors.email?.message}><input type="email" autoComplete="email" {...register('email')} /></Field>
      {/* The WhatsApp given at sign-up, editable here; the phone is an optional second number (e.g. the office line). */}
      <Field label="WhatsApp" error={errors.whatsapp?.message}><PhoneInput autoComplete="tel" placeholder="(11) 98765-4321" {...register('whatsapp')} /></Field>
      <Field label="Telefone" error={errors.phone?.message}><PhoneInput autoComplete="tel" placeholder="(11) 3322-4455" {...register('phone')} /></Field>
      <Field label="Empresa" error={errors.company?.message}><input autoComplete="organization" {...register('company')} /></Field>
      <Field label="Cargo" error={errors.position?.message}><input autoComplete="organization-title" {...register('position')} /></Field>
      <button className="button" type="submit" disabled={isSubmitting}>{isSubmitting ? 'Salvando...' : 'Salvar Alterações'}</button>
    </form>
  );
}

function SecurityTab() {
  const { form, change } = usePasswordChange();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setOutcome(
      await attempt(
        async () => {
          await change(values);
          form.reset();
        },
        'Senha alterada com sucesso!',
        'Erro ao alterar senha',
      ),
    );
  });

  return (
    <form className="form-grid" onSubmit={submit} noValidate>
      <h2>Alterar senha</h2>
      <OutcomeBanner outcome={outcome} />
      <PasswordChangeFields form={form} currentLabel="Senha atual" />
      <button className="button" type="submit" disabled={isSubmitting}>{isSubmitting ? 'Alterando...' : 'Alterar Senha'}</button>
    </form>
  );
}

const TOGGLES: { key: keyof NotificationPreferences; title: string; text: string }[] = [
  { key: 'emailAnalysis', title: 'E-mail de análise concluída', text: 'Receba um e-mail quando uma análise terminar.' },
  {
    key: 'emailMarketing',
    title: 'E-mails de novidades',
    text: 'Hoje não enviamos e-mails de novidades ou ofertas; se passarmos a enviar, só os receberá quem deixar esta opção ligada.',
  },
  {
    key: 'pushAnalysis',
    title: 'Notificação de análise concluída',
    text: 'Aviso do navegador quando uma análise terminar, com a aba aberta ou fechada (o navegador pede permissão ao salvar).',
  },
  {
    key: 'pushMarketing',
    title: 'Notificações de novidades',
    text: 'Hoje não enviamos notificações de novidades; se passarmos a enviar, só as receberá quem deixar esta opção ligada.',
  },
];

/** What the browser said when the analysis notification was switched on. */
const PUSH_OUTCOME_TEXT = {
  denied: 'O navegador bloqueou as notificações deste site: libere-as nas configurações do site para receber o aviso.',
  unsupported: 'Este navegador não oferece notificações; o aviso por e-mail continua valendo.',
  failed: 'Com a aba aberta o aviso aparece; com ela fechada não foi possível inscrever este navegador agora (tente salvar de novo mais tarde).',
} as const;

function NotificationsTab({ initial, onSaved }: { initial: NotificationPreferences; onSaved(n: NotificationPreferences): void }) {
  const [prefs, setPrefs] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const save = async () => {
    setBusy(true);
    let pushNote: string | null = null;
    const result = await attempt(
      async () => {
        onSaved(await apiJson<NotificationPreferences>('/profile/notifications', { method: 'PUT', body: JSON.stringify(prefs) }));
        // Asked from this click (browsers allow the permission prompt only from a user action).
        if (prefs.pushAnalysis) {
          const push = await enablePush().catch(() => 'unsupported' as const);
          if (push !== 'on') pushNote = PUSH_OUTCOME_TEXT[push];
        } else await disablePush().catch(() => undefined);
      },
      'Preferências de notificação atualizadas!',
      'Erro ao atualizar preferências',
    );
    setOutcome(result?.ok && pushNote ? { ok: true, message: `Preferências de notificação atualizadas! ${pushNote}` } : result);
    setBusy(false);
  };

  return (
    <div className="form-grid">
      <h2>Notificações</h2>
      <OutcomeBanner outcome={outcome} />
      {TOGGLES.map((t) => (
        <label key={t.key} className="toggle-row">
          <span>
            <strong>{t.title}</strong>
            <span className="muted small">{t.text}</span>
          </span>
          <input type="checkbox" role="switch" className="switch" checked={prefs[t.key]} onChange={(e) => setPrefs({ ...prefs, [t.key]: e.target.checked })} />
        </label>
      ))}
      <button className="button" type="button" onClick={save} disabled={busy}>{busy ? 'Salvando...' : 'Salvar Preferências'}</button>
    </div>
  );
}
