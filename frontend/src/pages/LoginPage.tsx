import { FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';

export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(email, password);
      navigate('/simulator');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="auth-page">
      <form className="card auth-card" onSubmit={submit}>
        <h1>CDA Extractor</h1>
        <p className="muted">Entre para analisar suas Certidões de Dívida Ativa</p>
        {error && <p className="alert alert-red" role="alert">{error}</p>}
        <label>
          E-mail
          <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </label>
        <label>
          Senha
          <span className="password">
            <input type={show ? 'text' : 'password'} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
            <button type="button" className="link" onClick={() => setShow(!show)}>{show ? 'Ocultar' : 'Mostrar'}</button>
          </span>
        </label>
        <button className="button" type="submit" disabled={busy}>{busy ? 'Entrando...' : 'Entrar'}</button>
        <p className="muted">Não tem conta? <Link to="/register">Criar conta</Link></p>
      </form>
    </main>
  );
}
