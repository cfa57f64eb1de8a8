import { ContactFields } from '../ContactFields';
import type { StepProps } from '../types';

export const MATCH_ORDER_NOTE = 'Please use the same details as on your Mobilize order.';
export const CONTACT_EMAIL_NOTE = 'We will reply to this address. It starts as your order e-mail; change it if you would like us to use another.';

/**
 * STEP-16, specification-request step 06: first name, last name, e-mail address and phone number
 * (e-mail and tel inputs, VALID-3), with a note to match the order details. The e-mail is the
 * contact address: it starts as step 01's order e-mail and the customer may change it without
 * losing the link to the order.
 */
export function DetailsStep({ validation }: StepProps) {
  return (
    <>
      <p className="evc-wizard-note">{MATCH_ORDER_NOTE}</p>
      <ContactFields validation={validation} emailHint={CONTACT_EMAIL_NOTE} />
    </>
  );
}
