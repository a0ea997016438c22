import { FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';

export function RegisterPage() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) {
      setError('As senhas não coincidem.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await register({ name, email, password });
      navigate('/login');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="auth-page">
      <form className="card auth-card" onSubmit={submit}>
        <h1>Criar conta</h1>
        {error && <p className="alert alert-red" role="alert">{error}</p>}
        <label>Nome completo<input value={name} onChange={(e) => setName(e.target.value)} required /></label>
        <label>E-mail<input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required /></label>
        <label>Senha<input type="password" minLength={6} value={password} onChange={(e) => setPassword(e.target.value)} required /></label>
        <label>Confirmar senha<input type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} required /></label>
        <button className="button" type="submit" disabled={busy}>{busy ? 'Criando conta...' : 'Criar conta'}</button>
        <p className="muted">Já tem conta? <Link to="/login">Entrar</Link></p>
      </form>
    </main>
  );
}
