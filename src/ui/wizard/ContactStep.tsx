import { discountForEmail } from '../../domain/order-items';
import { useConfigurator } from '../store-context';
import { ContactFields } from './ContactFields';
import type { StepProps } from './types';

/**
 * The ordering flow's contact details (spec §5 contact step: first name, last name, e-mail and
 * phone, with §5's messages). Spec §6: a partner e-mail domain applies its discount at once, and
 * the summary shows it as a negative line.
 */
export function ContactStep({ validation }: StepProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const email = useConfigurator((state) => state.form.email);
  const discount = discountForEmail(catalogue, email);
  return (
    <>
      <p>We use these details for your order and to arrange delivery and installation.</p>
      <ContactFields
        validation={validation}
        afterEmail={
          <p className="evc-wizard-note" role="status">
            {discount ? `${discount.name} applied` : ''}
          </p>
        }
      />
    </>
  );
}
