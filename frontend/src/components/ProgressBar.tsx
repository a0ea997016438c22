import './user-area.css';

/** A labelled progress bar; `value` is 0–1. */
export function ProgressBar({ value, label, tone = 'blue' }: { value: number; label: string; tone?: 'blue' | 'green' | 'red' }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className={`progress progress-${tone}`} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div style={{ width: `${percent}%` }} />
    </div>
  );
}
