import { ComponentType, lazy, ReactNode, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { usePageViews } from './telemetry';
import { SWRConfig } from 'swr';
import { AuthProvider } from './auth/AuthContext';
import { GuestOnly, PublicOrUser, RequireAdmin, RequireUser, Spinner } from './auth/guards';
import { UserShell } from './layout/UserShell';
import { AdminShell } from './layout/AdminShell';
import './auth/auth.css';

/**
 * Each screen is its own chunk (route-level code splitting keeps the first load small); pages keep
 * named exports, so the loader picks the export by name.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType<any>>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const LoginPage = page(() => import('./auth/LoginPage'), 'LoginPage');
const RegisterPage = page(() => import('./auth/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = page(() => import('./auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ConfirmEmailPage = page(() => import('./auth/ConfirmEmailPage'), 'ConfirmEmailPage');
const ResetPasswordPage = page(() => import('./auth/ResetPasswordPage'), 'ResetPasswordPage');
const ChangePasswordPage = page(() => import('./auth/ChangePasswordPage'), 'ChangePasswordPage');
const LegalPage = page(() => import('./legal/LegalPage'), 'LegalPage');
const DashboardPage = page(() => import('./analyses/DashboardPage'), 'DashboardPage');
const SimulatorPage = page(() => import('./analyses/SimulatorPage'), 'SimulatorPage');
const HistoryPage = page(() => import('./analyses/HistoryPage'), 'HistoryPage');
const AnalysisPage = page(() => import('./analyses/AnalysisPage'), 'AnalysisPage');
const TicketsPage = page(() => import('./tickets/TicketsPage'), 'TicketsPage');
const PlansPage = page(() => import('./payments/PlansPage'), 'PlansPage');
const ProfilePage = page(() => import('./account/ProfilePage'), 'ProfilePage');
const CheckoutPage = page(() => import('./payments/CheckoutPage'), 'CheckoutPage');
const PaymentResultPage = page(() => import('./payments/PaymentResultPage'), 'PaymentResultPage');
const AdminDashboardPage = page(() => import('./admin/AdminDashboardPage'), 'AdminDashboardPage');
const AdminUsersPage = page(() => import('./admin/AdminUsersPage'), 'AdminUsersPage');
const AdminTicketsPage = page(() => import('./admin/AdminTicketsPage'), 'AdminTicketsPage');
const AdminPlansPage = page(() => import('./admin/AdminPlansPage'), 'AdminPlansPage');
const AdminCreditsPage = page(() => import('./admin/AdminCreditsPage'), 'AdminCreditsPage');
const AdminOrdersPage = page(() => import('./admin/AdminOrdersPage'), 'AdminOrdersPage');
const AdminReportsPage = page(() => import('./admin/AdminReportsPage'), 'AdminReportsPage');
const AdminSettingsPage = page(() => import('./admin/AdminSettingsPage'), 'AdminSettingsPage');
const AdminQueuesPage = page(() => import('./admin/AdminQueuesPage'), 'AdminQueuesPage');
const AdminMailPage = page(() => import('./admin/AdminMailPage'), 'AdminMailPage');

const userShell = (content: ReactNode) => <UserShell>{content}</UserShell>;
const adminShell = (content: ReactNode) => <AdminShell>{content}</AdminShell>;

/** Usage analytics of each route opened (nothing is sent while the setting is off). */
function PageViews() {
  usePageViews();
  return null;
}

/** The route table of the spec: guest-only, signed-in user, admin-only, public, and everything else to /login. */
export function App() {
  return (
    <SWRConfig value={{ revalidateOnFocus: true, shouldRetryOnError: false }}>
      <AuthProvider>
        <BrowserRouter>
          <Suspense fallback={<Spinner />}>
            <PageViews />
            <Routes>
              <Route element={<GuestOnly />}>
                <Route path="/login" element={<LoginPage />} />
                <Route path="/register" element={<RegisterPage />} />
                <Route path="/forgot-password" element={<ForgotPasswordPage />} />
                {/* Signing in from the link re-renders this guest-only route, whose guard sends the new user home. */}
                <Route path="/confirm-email" element={<ConfirmEmailPage />} />
              </Route>
              {/* Public: the link works whether or not this browser is signed in (the reset ends every session anyway). */}
              <Route path="/reset-password" element={<ResetPasswordPage />} />
              <Route path="/change-password" element={<ChangePasswordPage />} />
              <Route path="/terms-of-service" element={<LegalPage doc="terms" />} />
              <Route path="/privacy-policy" element={<LegalPage doc="privacy" />} />
              <Route path="/cancellation-policy" element={<LegalPage doc="cancellation" />} />
              <Route element={<RequireUser layout={userShell} />}>
                <Route path="/dashboard" element={<DashboardPage />} />
                <Route path="/simulator" element={<SimulatorPage />} />
                <Route path="/history" element={<HistoryPage />} />
                <Route path="/history/:id" element={<AnalysisPage />} />
                <Route path="/tickets" element={<TicketsPage />} />
                <Route path="/plans" element={<PlansPage />} />
                <Route path="/profile" element={<ProfilePage />} />
                <Route path="/checkout" element={<CheckoutPage />} />
              </Route>
              {/* Public (the spec): a link from an e-mail or Mercado Pago's redirect opens without signing in, showing only the order's public view. */}
              <Route element={<PublicOrUser layout={userShell} />}>
                <Route path="/payment/success" element={<PaymentResultPage variant="success" />} />
                <Route path="/payment/pending" element={<PaymentResultPage variant="pending" />} />
                <Route path="/payment/failure" element={<PaymentResultPage variant="failure" />} />
              </Route>
              <Route element={<RequireAdmin layout={adminShell} />}>
                <Route path="/admin" element={<AdminDashboardPage />} />
                <Route path="/admin/users" element={<AdminUsersPage />} />
                <Route path="/admin/tickets" element={<AdminTicketsPage />} />
                <Route path="/admin/plans" element={<AdminPlansPage />} />
                <Route path="/admin/credits" element={<AdminCreditsPage />} />
                <Route path="/admin/orders" element={<AdminOrdersPage />} />
                <Route path="/admin/reports" element={<AdminReportsPage />} />
                <Route path="/admin/settings" element={<AdminSettingsPage />} />
                <Route path="/admin/queues" element={<AdminQueuesPage />} />
                <Route path="/admin/emails" element={<AdminMailPage />} />
              </Route>
              <Route path="*" element={<Navigate to="/login" replace />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </AuthProvider>
    </SWRConfig>
  );
}
