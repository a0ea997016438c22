import { Link } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';

/** Placeholder so the route guards have a /dashboard to land on; the real dashboard (issue 5) replaces it. */
export function DashboardPlaceholderPage() {
  const { user } = useAuth();
  return (
    <div className="page">
      <h1>Olá, {user?.name}!</h1>
      <section className="card">
        <p>Comece uma nova extração de Certidões de Dívida Ativa.</p>
        <Link className="button" to="/simulator">Nova extração</Link>
      </section>
    </div>
  );
}
