import { cn } from '@/lib/cn'

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'inverse' | 'inverse-outline'
export type ButtonSize = 'sm' | 'md' | 'lg'

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 ' +
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 ' +
  '[&_svg]:size-4 [&_svg]:shrink-0'

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-linear-to-r from-brand-600 to-accent-500 text-white shadow-md shadow-brand-600/25 hover:brightness-110 focus-visible:outline-brand-600',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200 focus-visible:outline-brand-600',
  outline:
    'border border-slate-300 bg-white text-slate-900 hover:border-brand-500 hover:text-brand-700 focus-visible:outline-brand-600',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-600',
  inverse: 'bg-white text-brand-700 shadow-lg shadow-black/10 hover:bg-brand-50 focus-visible:outline-white',
  'inverse-outline':
    'border border-white/60 text-white hover:bg-white/10 hover:border-white focus-visible:outline-white',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3.5 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-7 text-base',
}

/** The button look, shared by `Button` and by links styled as buttons. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(base, variants[variant], sizes[size], className)
}
