import { useDropzone } from 'react-dropzone';
import { formatBytes } from '@cda/shared';

interface Props {
  files: File[];
  onChange(files: File[]): void;
  disabled?: boolean;
}

/** PDF-only drop zone with the selected-file list; the server checks the content again. */
export function UploadZone({ files, onChange, disabled }: Props) {
  const { getRootProps, getInputProps, isDragActive, fileRejections } = useDropzone({
    accept: { 'application/pdf': ['.pdf'] },
    multiple: true,
    disabled,
    onDrop: (accepted) => onChange([...files, ...accepted]),
  });
  return (
    <div>
      <div {...getRootProps({ className: `dropzone${isDragActive ? ' active' : ''}` })}>
        <input {...getInputProps()} data-testid="file-input" />
        <p><strong>Arraste os PDFs das CDAs aqui</strong> ou clique para selecionar</p>
        <p className="muted">Somente arquivos PDF. Vários arquivos por vez.</p>
      </div>
      {fileRejections.length > 0 && (
        <p className="alert alert-red" role="alert">
          {fileRejections.map((r) => r.file.name).join(', ')}: apenas arquivos PDF são aceitos.
        </p>
      )}
      {files.length > 0 && (
        <ul className="file-list">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <span>{f.name}</span>
              <span className="muted">{formatBytes(f.size)}</span>
              <button type="button" className="link" onClick={() => onChange(files.filter((_, j) => j !== i))} aria-label={`Remover ${f.name}`}>
                Remover
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
