import { FormEvent, startTransition, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LEGAL } from '@cda/shared';
import { apiJson, downloadFile } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import { Field, PasswordInput } from '../components/forms/Fields';
import './my-data.css';

/** "Meus dados" in the profile: a copy of everything the account holds, and the deletion of the account. */
export function MyDataSection() {
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      await downloadFile('/privacy/export', `meus-dados_${day}.zip`);
    } catch (err) {
      setExportError((err as Error).message || 'Erro ao gerar o arquivo com seus dados.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="my-data">
      <section>
        <h2>Baixar meus dados</h2>
        <p className="muted">
          Um arquivo ZIP com seu perfil, análises, planilhas geradas, tickets e anexos, pagamentos, extrato de tokens e registros
          de acesso dos últimos {LEGAL.accessLogMonths} meses.
        </p>
        {exportError && <p className="alert alert-red" role="alert">{exportError}</p>}
        <button type="button" className="button" onClick={download} disabled={exporting}>
          {exporting ? 'Gerando arquivo...' : 'Baixar meus dados (ZIP)'}
        </button>
      </section>
      <section className="danger-zone">
        <h2>Excluir minha conta</h2>
        <p className="muted">
          O plano é cancelado e a conta é anonimizada na hora: você não consegue mais entrar, e o e-mail fica livre para um novo
          cadastro. Planilhas, tickets e anexos são apagados definitivamente após {LEGAL.dataRetentionDays} dias; registros de
          pagamento são mantidos por {LEGAL.paymentRecordsYears} anos, como exige a lei. Detalhes na{' '}
          <Link to="/privacy-policy" target="_blank">Política de Privacidade</Link>.
        </p>
        <button type="button" className="button danger" onClick={() => setConfirming(true)}>Excluir minha conta</button>
      </section>
      {confirming && <DeleteAccountDialog onClose={() => setConfirming(false)} />}
    </div>
  );
}

function DeleteAccountDialog({ onClose }: { onClose(): void }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !busy && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onClose]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError('Informe a sua senha para confirmar.');
    setBusy(true);
    setError(null);
    try {
      const { message } = await apiJson<{ message: string }>('/privacy/delete-account', { method: 'POST', body: JSON.stringify({ password }) });
      // The router moves in a transition: signing out in the same transition renders /login once, with
      // the notice, instead of letting the user-area guard redirect there first without it.
      navigate('/login', { replace: true, state: { notice: message } });
      startTransition(logout);
    } catch (err) {
      setError((err as Error).message || 'Erro ao excluir a conta.');
      setBusy(false);
    }
  };

  return (
    <div className="modal-backdrop" onClick={() => !busy && onClose()}>
      <form className="modal card" role="dialog" aria-modal="true" aria-labelledby="delete-title" onSubmit={submit} onClick={(e) => e.stopPropagation()}>
        <h2 id="delete-title">Excluir minha conta</h2>
        <p>Esta ação não pode ser desfeita. Para confirmar, digite a sua senha.</p>
        <Field label="Senha" error={error ?? undefined}>
          <PasswordInput ref={input} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <div className="modal-actions">
          <button type="button" className="button ghost" onClick={onClose} disabled={busy}>Cancelar</button>
          <button type="submit" className="button danger" disabled={busy}>{busy ? 'Excluindo...' : 'Excluir definitivamente'}</button>
        </div>
      </form>
    </div>
  );
}
