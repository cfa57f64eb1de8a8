import { useEffect } from 'react';
import type { Discount } from '../../domain/catalogue/schema';
import { discountForEmail } from '../../domain/order-items';
import { useUiOptions } from '../options-context';
import { useConfigurator } from '../store-context';
import { ContactFields } from './ContactFields';
import { PartnerDiscount } from './PartnerDiscount';
import type { StepProps } from './types';

/** What the merchant is told when a partner's e-mail earns no discount because nothing can apply it. */
export const partnerDiscountWithheld = (discount: Discount, domain: string) =>
  `The ${discount.name} for ${domain} is not offered: without partner-endpoint the shop applies it only by a code, and the catalogue discount "${discount.id}" has none. Set partner-endpoint, or give that discount a code.`;

/**
 * The ordering flow's contact details (STEP-11: first name, last name, e-mail and
 * phone, with VALID-3's messages). DISC-1, DISC-3: a partner e-mail domain whose discount names its
 * shop code applies it at once, and the summary shows it as a negative line; with `partner-endpoint`, once a code e-mailed to
 * the address is verified (PartnerDiscount). A partner domain whose discount has no code gets none,
 * and the host page hears why (evc-error and the console).
 */
export function ContactStep({ validation }: StepProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const email = useConfigurator((state) => state.form.email.trim());
  const verifying = useConfigurator((state) => state.verifiedPartnerDiscounts);
  const { order, reportError } = useUiOptions();
  const services = order?.partnerDiscount;
  const discount = discountForEmail(catalogue, email);
  const withheld = !verifying && discount && !discount.code ? partnerDiscountWithheld(discount, email.slice(email.lastIndexOf('@') + 1).toLowerCase()) : undefined;
  useEffect(() => {
    if (!withheld) return;
    // eslint-disable-next-line no-console -- a merchant setting the element up reads the browser's console
    console.warn(withheld);
    reportError?.({ code: 'invalid-configuration', message: withheld });
  }, [withheld, reportError]);
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
              {discount && !withheld ? `${discount.name} applied` : ''}
            </p>
          )
        }
      />
    </>
  );
}
