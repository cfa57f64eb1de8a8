import type { FormValues } from './forms';

/**
 * Step 01's order e-mail prefills step 06's contact e-mail: the contact e-mail follows it until the
 * customer makes it different, so a contact address of their own is never overwritten.
 */
export function orderEmailChanges(form: Pick<FormValues, 'email' | 'orderEmail'>, orderEmail: string): Partial<FormValues> {
  return form.email === form.orderEmail ? { orderEmail, email: orderEmail } : { orderEmail };
}
