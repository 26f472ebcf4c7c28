/** A labelled progress bar for a large file on its way to the analyser. */
export function UploadProgressBar({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <div className="flex items-center justify-between text-xs font-medium text-slate-600">
        <span>{label}</span>
        <span aria-hidden="true">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-linear-to-r from-brand-600 to-accent-500 transition-[width] duration-200"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  )
}
