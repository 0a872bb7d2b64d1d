import type { ComponentPropsWithRef, ReactNode } from 'react';
import type { ButtonSize, ButtonVariant } from './button';
import styles from './button.module.css';
import { classNames } from './class-names';

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children' | 'aria-label'> {
  /** What the button does, for people who cannot see the icon. */
  label: string;
  icon: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function IconButton({ label, icon, variant = 'ghost', size = 'md', type = 'button', className, title, ...rest }: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      title={title ?? label}
      className={classNames(styles.button, styles.icon, styles[variant], styles[size], className)}
    >
      <span aria-hidden="true">{icon}</span>
    </button>
  );
}
