import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TicketView } from '@cda/shared';
import { AttachmentPicker } from './AttachmentPicker';
import { TicketThread } from './TicketParts';

const ticket: TicketView = {
  id: 't1', number: 7, title: 'Erro no upload', description: 'O PDF não sobe.', category: 1, status: 'waiting_response', priority: 'medium',
  createdAt: '2026-11-22T17:05:00Z', updatedAt: '2026-11-22T18:00:00Z', messageCount: 1, attachmentCount: 1,
  userId: 'u1', userName: 'Ana', userEmail: 'ana@exemplo.com.br',
  attachments: [{ id: 'a1', name: 'tela.png', size: 2048, type: 'image/png' }],
  messages: [{ id: 'm1', author: 'admin', authorName: 'Equipe', content: 'Pode enviar o PDF?', timestamp: '2026-11-22T17:30:00Z' }],
};

const file = (name: string, type: string, size = 10) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('ticket thread', () => {
  it('shows attachments and the conversation with author and time, and sends a trimmed reply', async () => {
    const onSend = jest.fn().mockResolvedValue(undefined);
    render(<TicketThread ticket={ticket} onSend={onSend} />);
    expect(screen.getByText('tela.png')).toBeInTheDocument();
    expect(screen.getByText('Equipe')).toBeInTheDocument();
    expect(screen.getByText('22/11/2026 14:30')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Enviar Resposta' });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Adicionar Resposta'), { target: { value: '  Segue em anexo  ' } });
    fireEvent.click(send);
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Segue em anexo'));
  });

  it('shows the send error banner and keeps the text', async () => {
    render(<TicketThread ticket={ticket} onSend={() => Promise.reject(new Error('Este ticket está fechado e não aceita respostas.'))} />);
    fireEvent.change(screen.getByLabelText('Adicionar Resposta'), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar Resposta' }));
    expect(await screen.findByText('Erro ao enviar mensagem')).toBeInTheDocument();
    expect(screen.getByLabelText('Adicionar Resposta')).toHaveValue('Oi');
  });

  it('hides the reply box on a closed ticket', () => {
    render(<TicketThread ticket={{ ...ticket, status: 'closed' }} onSend={jest.fn()} />);
    expect(screen.queryByLabelText('Adicionar Resposta')).not.toBeInTheDocument();
  });
});

describe('attachment picker', () => {
  it('keeps up to 3 images, videos or PDFs and says why any other file was not attached', () => {
    const onChange = jest.fn();
    render(<AttachmentPicker files={[]} onChange={onChange} />);
    fireEvent.change(screen.getByTestId('ticket-file-input'), {
      target: {
        files: [
          file('a.pdf', 'application/pdf'),
          file('b.png', 'image/png'),
          file('setup.exe', 'application/x-msdownload'),
          file('grande.mp4', 'video/mp4', 21 * 1024 * 1024),
          file('c.mp4', 'video/mp4'),
          file('d.jpg', 'image/jpeg'),
        ],
      },
    });
    expect(onChange.mock.calls[0][0].map((f: File) => f.name)).toEqual(['a.pdf', 'b.png', 'c.mp4']);
    expect(screen.getByText(/"setup.exe": envie apenas imagens, vídeos ou PDFs/)).toBeInTheDocument();
    expect(screen.getByText(/"grande.mp4": cada anexo pode ter no máximo 20 MB/)).toBeInTheDocument();
    expect(screen.getByText(/"d.jpg": envie no máximo 3 anexos/)).toBeInTheDocument();
  });
});
