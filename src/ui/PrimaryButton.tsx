import type { ButtonHTMLAttributes } from 'react';

export type PrimaryButtonProps = ButtonHTMLAttributes<HTMLButtonElement>;

/** PAGE-7: the full-width primary button (Continue on the page and in the wizard). */
export function PrimaryButton({ className, type = 'button', part, ...props }: PrimaryButtonProps) {
  return (
    <button
      {...props}
      type={type}
      className={['evc-primary', 'evc-primary-button', className].filter(Boolean).join(' ')}
      part={['primary-button', part].filter(Boolean).join(' ')}
    />
  );
}
