import { useDropzone } from 'react-dropzone';
import { formatBytes, plural } from '@cda/shared';

interface Props {
  files: File[];
  onChange(files: File[]): void;
  disabled?: boolean;
  /** Page count per selected file (same order); undefined while counting, null when unreadable. */
  pages?: Array<number | null | undefined>;
}

/** PDF-only drop zone with the selected-file list; the server checks the content again. */
export function UploadZone({ files, onChange, disabled, pages }: Props) {
  const { getRootProps, getInputProps, isDragActive, fileRejections } = useDropzone({
    accept: { 'application/pdf': ['.pdf'] },
    multiple: true,
    disabled,
    onDrop: (accepted) => onChange([...files, ...accepted]),
  });
  const pageText = (n: number | null | undefined) => (n === undefined ? 'contando páginas...' : n === null ? 'páginas não identificadas' : plural(n, 'página', 'páginas'));
  return (
    <div>
      <div {...getRootProps({ className: `dropzone${isDragActive ? ' active' : ''}${disabled ? ' disabled' : ''}` })}>
        <input {...getInputProps()} data-testid="file-input" />
        <p><strong>Arraste os PDFs das CDAs aqui</strong> ou clique para selecionar</p>
        <p className="muted">Somente arquivos PDF. Vários arquivos por vez.</p>
      </div>
      {fileRejections.length > 0 && (
        <p className="alert alert-yellow drop-note" role="alert" data-testid="rejected-files">
          {fileRejections.length === 1 ? 'Arquivo ignorado' : 'Arquivos ignorados'} (apenas PDF é aceito):{' '}
          {fileRejections.map((r) => r.file.name).join(', ')}
        </p>
      )}
      {files.length > 0 && (
        <ul className="file-list" aria-label="Arquivos selecionados">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} data-testid="selected-file">
              <span>{f.name}</span>
              {pages && <span className="muted small">{pageText(pages[i])}</span>}
              <span className="muted">{formatBytes(f.size)}</span>
              <button
                type="button"
                className="link"
                disabled={disabled}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={`Remover ${f.name}`}
              >
                Remover
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
