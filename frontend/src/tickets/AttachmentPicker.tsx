import { ChangeEvent, useState } from 'react';
import { TICKET_ATTACHMENTS, formatBytes } from '@cda/shared';

const MAX_MB = TICKET_ATTACHMENTS.maxBytes / (1024 * 1024);
const allowedType = (f: File) => f.type === 'application/pdf' || f.type.startsWith('image/') || f.type.startsWith('video/');

/**
 * Picks up to 3 images, videos or PDFs of up to 20 MB. A refused file is named with the reason rather
 * than dropped without a word; the server checks everything again, bytes included.
 */
export function AttachmentPicker({ files, onChange, disabled }: { files: File[]; onChange(files: File[]): void; disabled?: boolean }) {
  const [refusals, setRefusals] = useState<string[]>([]);
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const next = [...files];
    const refused: string[] = [];
    for (const f of Array.from(e.target.files ?? [])) {
      if (!allowedType(f)) refused.push(`"${f.name}": envie apenas imagens, vídeos ou PDFs.`);
      else if (f.size > TICKET_ATTACHMENTS.maxBytes) refused.push(`"${f.name}": cada anexo pode ter no máximo ${MAX_MB} MB.`);
      else if (next.length >= TICKET_ATTACHMENTS.maxFiles) refused.push(`"${f.name}": envie no máximo ${TICKET_ATTACHMENTS.maxFiles} anexos.`);
      else next.push(f);
    }
    setRefusals(refused);
    onChange(next);
    e.target.value = '';
  };
  return (
    <div className="attachment-picker">
      <label>
        Anexos <span className="muted small">(até {TICKET_ATTACHMENTS.maxFiles} arquivos: imagens, vídeos ou PDF, {MAX_MB} MB cada)</span>
        <input
          type="file"
          multiple
          accept={TICKET_ATTACHMENTS.accept}
          onChange={pick}
          disabled={disabled || files.length >= TICKET_ATTACHMENTS.maxFiles}
          data-testid="ticket-file-input"
        />
      </label>
      {refusals.map((r) => (
        <p key={r} className="error-text" role="alert">Arquivo não anexado — {r}</p>
      ))}
      {files.length > 0 && (
        <ul className="file-list">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <span>{f.name}</span>
              <span className="muted small">{formatBytes(f.size)}</span>
              <button type="button" className="link" onClick={() => onChange(files.filter((_, j) => j !== i))} aria-label={`Remover ${f.name}`}>Remover</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
