import type { ComponentProps } from 'react'
import { Link } from 'react-router'
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-classes'

type StyleProps = { variant?: ButtonVariant; size?: ButtonSize }

/** A button (type "button" unless told otherwise). */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & StyleProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />
}

/** An in-app navigation link that looks like a button. */
export function ButtonLink({ variant, size, className, ...props }: ComponentProps<typeof Link> & StyleProps) {
  return <Link className={buttonClasses({ variant, size, className })} {...props} />
}
