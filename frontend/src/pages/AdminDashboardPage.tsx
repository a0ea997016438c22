import { Link } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';

/** Placeholder so the admin guard has an /admin to land on; the admin dashboard (issue 7) replaces it. */
export function AdminDashboardPage() {
  const { user } = useAuth();
  return (
    <div className="page">
      <h1>Painel Administrativo</h1>
      <section className="card">
        <p>Bem-vindo(a), {user?.name}.</p>
        <p className="row-actions">
          <Link to="/admin/tickets">Tickets</Link>
          <Link to="/dashboard">Visão de Usuário</Link>
        </p>
      </section>
    </div>
  );
}
