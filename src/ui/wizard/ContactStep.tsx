import { discountForEmail } from '../../domain/order-items';
import { useUiOptions } from '../options-context';
import { useConfigurator } from '../store-context';
import { ContactFields } from './ContactFields';
import { PartnerDiscount } from './PartnerDiscount';
import type { StepProps } from './types';

/**
 * The ordering flow's contact details (STEP-11: first name, last name, e-mail and
 * phone, with VALID-3's messages). DISC-1: a partner e-mail domain applies its discount at once, and
 * the summary shows it as a negative line; with `partner-endpoint`, once a code e-mailed to the
 * address is verified (PartnerDiscount).
 */
export function ContactStep({ validation }: StepProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const email = useConfigurator((state) => state.form.email.trim());
  const verifying = useConfigurator((state) => state.verifiedPartnerDiscounts);
  const services = useUiOptions().order?.partnerDiscount;
  const discount = discountForEmail(catalogue, email);
  return (
    <>
      <p>We use these details for your order and to arrange delivery and installation.</p>
      <ContactFields
        validation={validation}
        afterEmail={
          verifying ? (
            services && discount && !validation.errors.email && <PartnerDiscount key={email} services={services} email={email} discount={discount} />
          ) : (
            <p className="evc-wizard-note" role="status">
              {discount ? `${discount.name} applied` : ''}
            </p>
          )
        }
      />
    </>
  );
}
