import { ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AuthProvider, useAuth } from './auth/AuthContext';
import { useAnalysisEvents } from './realtime/useAnalysisEvents';
import { LoginPage } from './pages/LoginPage';
import { RegisterPage } from './pages/RegisterPage';
import { SimulatorPage } from './pages/SimulatorPage';
import { TicketsPage } from './pages/TicketsPage';
import { AdminTicketsPage } from './pages/AdminTicketsPage';
import { PlansPage } from './pages/PlansPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { PaymentResultPage } from './pages/PaymentResultPage';

function Shell({ children }: { children: ReactNode }) {
  const { user, token, logout } = useAuth();
  useAnalysisEvents(token);
  return (
    <>
      <header className="topbar">
        <strong>CDA Extractor</strong>
        <span className="muted">{user?.name}</span>
        <button type="button" className="link" onClick={logout}>Sair</button>
      </header>
      {children}
    </>
  );
}

function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  if (!token) return <Navigate to="/login" replace />;
  return <Shell>{children}</Shell>;
}

export function App() {
  return (
    <SWRConfig value={{ revalidateOnFocus: true, shouldRetryOnError: false }}>
      <AuthProvider>
        <BrowserRouter>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/simulator" element={<RequireAuth><SimulatorPage /></RequireAuth>} />
            <Route path="/tickets" element={<RequireAuth><TicketsPage /></RequireAuth>} />
            <Route path="/admin/tickets" element={<RequireAuth><AdminTicketsPage /></RequireAuth>} />
            <Route path="/plans" element={<RequireAuth><PlansPage /></RequireAuth>} />
            <Route path="/checkout" element={<RequireAuth><CheckoutPage /></RequireAuth>} />
            <Route path="/payment/success" element={<RequireAuth><PaymentResultPage variant="success" /></RequireAuth>} />
            <Route path="/payment/pending" element={<RequireAuth><PaymentResultPage variant="pending" /></RequireAuth>} />
            <Route path="/payment/failure" element={<RequireAuth><PaymentResultPage variant="failure" /></RequireAuth>} />
            <Route path="*" element={<Navigate to="/simulator" replace />} />
          </Routes>
        </BrowserRouter>
      </AuthProvider>
    </SWRConfig>
  );
}
