import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { SubscriptionView } from '@cda/shared';
import { reply } from '../test/fixtures';
import { PlanSection } from './PlanSection';

const free = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: null, planId: 'free', planName: 'Gratuito', billingCycle: null, method: null, renewal: null, periodStart: null, periodEnd: null,
  nextChargeAt: null, nextChargeCents: null, pendingPlanId: null, pendingPlanName: null, pendingCycle: null, paidCents: 0, refund: null,
  reactivation: null, ...over,
});

let state: unknown = null;
function CheckoutProbe() {
  state = useLocation().state;
  return <p>checkout</p>;
}

function mount(sub: SubscriptionView) {
  global.fetch = jest.fn(async () => reply(sub)) as typeof fetch;
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="/profile" element={<PlanSection />} />
          <Route path="/checkout" element={<CheckoutProbe />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('Perfil → Plano: reactivation', () => {
  it('offers the ended plan until the server says, and starts its checkout with the same plan and cycle', async () => {
    mount(free({
      reactivation: { planId: 'basic', planName: 'Básico', billingCycle: 'monthly', priceCents: 4900, endedAt: '2026-01-31T15:00:00.000Z', until: '2026-05-01T15:00:00.000Z' },
    }));
    const offer = await screen.findByTestId('plan-reactivation');
    expect(offer).toHaveTextContent('Seu plano Básico (Mensal) terminou em 31/01/2026. Você pode reativá-lo até 01/05/2026');
    expect(offer).toHaveTextContent('pelo preço atual: R$ 49,00/mês');
    fireEvent.click(screen.getByRole('button', { name: 'Reativar plano Básico' }));
    expect(await screen.findByText('checkout')).toBeInTheDocument();
    expect(state).toEqual({ kind: 'plan', id: 'basic', billingCycle: 'monthly', reactivate: true });
  });

  it('shows no offer when the server gives none', async () => {
    mount(free());
    expect(await screen.findByTestId('plan-name')).toHaveTextContent('Gratuito');
    expect(screen.queryByTestId('plan-reactivation')).toBeNull();
    expect(screen.queryByRole('button', { name: /Reativar/ })).toBeNull();
  });
});
