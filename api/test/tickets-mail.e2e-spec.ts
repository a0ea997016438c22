import { SettingsService } from '../src/settings/settings.service';
import { SmtpCapture, startSmtpCapture } from './smtp';
import { Stack, registerAdmin, registerUser, startStack } from './harness';

describe('ticket replies e-mail the other side', () => {
  let stack: Stack;
  let smtp: SmtpCapture;
  const as = (t: string) => ({ Authorization: `Bearer ${t}` });

  beforeAll(async () => {
    stack = await startStack();
    smtp = await startSmtpCapture();
    const settings = stack.app.get(SettingsService);
    await settings.update('email', { smtpHost: '127.0.0.1', smtpPort: smtp.port }, null);
    await settings.update('general', { supportEmail: 'suporte@escritorio.com.br' }, null);
  }, 60000);

  afterAll(async () => {
    await smtp?.close();
    await stack?.stop();
  });

  it('sends the support answer to the user and the user answer to support, with a link to the ticket', async () => {
    const user = await registerUser(stack, 'Rita Cliente');
    const admin = await registerAdmin(stack);
    const ticket = (await stack.http.post('/api/tickets').set(as(user.token)).send({ title: 'Planilha sem CNPJ', description: 'Falta o CNPJ.', category: 1 }).expect(201)).body;

    await stack.http.post(`/api/admin/tickets/${ticket.id}/messages`).set(as(admin.token)).send({ content: 'Vamos verificar <hoje>.' }).expect(201);
    const toUser = await smtp.waitFor(user.email, (m) => m.subject === 'Resposta ao seu chamado: Planilha sem CNPJ');
    expect(toUser.text).toContain('Vamos verificar <hoje>.');
    expect(toUser.text).toContain(`/tickets?ticket=${ticket.id}`);
    expect(toUser.html).toContain('Vamos verificar &lt;hoje&gt;.');

    await stack.http.post(`/api/tickets/${ticket.id}/messages`).set(as(user.token)).send({ content: 'Obrigada!' }).expect(201);
    const toSupport = await smtp.waitFor('suporte@escritorio.com.br', (m) => m.subject === 'Nova mensagem no chamado: Planilha sem CNPJ');
    expect(toSupport.text).toContain('Rita Cliente escreveu');
    expect(toSupport.text).toContain(`/admin/tickets?ticket=${ticket.id}`);
  });
});
