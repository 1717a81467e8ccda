import './progress-bar.css';

/** A labelled progress bar with "{n}% completado" under it; `value` is a whole percentage 0–100. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div className="progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className="progress-fill" style={{ width: `${value}%` }} />
      </div>
      <span className="progress-text">{value}% completado</span>
    </div>
  );
}
