import { useLayoutEffect, useRef } from 'react';
import type { InstallationOption } from '../../domain/catalogue/schema';
import { ChoiceChanges } from './ChoiceChanges';
import { formatPence } from '../../domain/money';
import { installationOptionsFor } from '../../domain/selection';
import { useUiOptions } from '../options-context';
import { updateForm } from '../../stores/form-answers';
import { useConfigurator, useConfiguratorStore } from '../store-context';
import { AcceptCheckbox } from './AcceptCheckbox';
import { OptionControl, OptionGroup } from './OptionControl';
import { TermsLink } from './TermsLink';
import type { StepProps } from './types';
import { useWizardChoice } from './use-wizard-choice';

/** CART-7: the shop's images come at 200x200. */
const IMAGE_SIZE = 200;

/** STEP-5's facts, shown where they help the choice. */
function InstallationFacts({ option }: { option: InstallationOption }) {
  return (
    <section className="evc-facts">
      <h3>Good to know</h3>
      <ul>
        {option.includesInstallation && (
          <>
            <li>
              Standard installation: up to 15m cable, 4 hours on site, 1.8m install height, 7m trunking, 40A overcurrent
              protection and a Type A RCD. Mainland UK only.
            </li>
            <li>The survey takes up to an hour and is usually arranged within two weeks of your order.</li>
            <li>Weekend installation: £150 including VAT, subject to availability.</li>
          </>
        )}
        <li>Shipping normally within 10 working days.</li>
      </ul>
    </section>
  );
}

/** VALID-1: the chosen variant's terms, accepted with a checkbox; the message once it was touched. */
function TermsCheckbox({ option, error }: { option: InstallationOption; error: string | undefined }) {
  const terms = useConfigurator((state) => state.form.installationTerms);
  const store = useConfiguratorStore();
  const { termsUrl } = useUiOptions();
  return (
    <AcceptCheckbox
      label={option.terms}
      name="installationTerms"
      checked={terms[option.id] === true}
      onChange={(checked) => updateForm(store, { installationTerms: { ...terms, [option.id]: checked } })}
      error={error}
      terms={
        <TermsLink what="the terms & conditions" url={termsUrl} title="Terms & conditions">
          <p>
            You buy the charger and the options you chose at the prices shown, including VAT. Installation, where
            chosen, follows a survey and covers the standard installation described on this step, in mainland UK only.
            The charger comes with a 3 year warranty, or 7 years with the extended warranty.
          </p>
          <p>For the full terms & conditions, ask us through "Need help?".</p>
        </TermsLink>
      }
    />
  );
}

/**
 * STEP-5, installation choice: the options offered for the cable as radios named by
 * their name, with long name, price and the shop's description and 200x200 image (CART-7), the
 * chosen variant's terms (VALID-1) and the standard-install facts; one the shop cannot sell is disabled.
 */
export function InstallationStep({ validation }: StepProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const configuration = useConfigurator((state) => state.configuration);
  const details = useConfigurator((state) => state.shop.installationDetails);
  const { unavailable, choose } = useWizardChoice();
  const group = `${useUiOptions().instanceId}-installation`;
  const flow = useConfigurator((state) => state.flow);
  // CHOICE-3: the specification flow offers the 22kW cables one installation only.
  const options = installationOptionsFor(catalogue, configuration, flow);
  const chosen = options.find((option) => option.id === configuration.installation);
  const groupRef = useRef<HTMLFieldSetElement>(null);
  // The shop's descriptions and images arrive after the step shows and push the options down: the control the buyer is on stays in view.
  useLayoutEffect(() => {
    const step = groupRef.current?.closest('.evc-step');
    const active = (step?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement;
    if (active && step?.contains(active)) active.scrollIntoView({ block: 'nearest' });
  }, [details]);
  return (
    <>
      <OptionGroup ref={groupRef} legend="Choose your installation" radios field="withInstallation installation" error={validation.errors['installation'] ?? validation.errors['withInstallation']}>
        {options.map((option) => {
          const info = details[option.id];
          const choice = { type: 'chooseInstallation', installation: option.id } as const;
          return (
            <OptionControl
              key={option.id}
              type="radio"
              group={group}
              value={option.id}
              label={option.name}
              checked={option.id === configuration.installation}
              onChange={() => choose(choice)}
              price={formatPence(option.price)}
              unavailable={unavailable(choice)}
            >
              <span className="evc-option-long-name">{option.longName}</span>
              {info?.description && <span className="evc-option-note"> {info.description}</span>}
              {info?.image && (
                <img className="evc-option-image" src={info.image} alt={info.name || option.longName} width={IMAGE_SIZE} height={IMAGE_SIZE} loading="lazy" decoding="async" />
              )}
            </OptionControl>
          );
        })}
      </OptionGroup>
      <ChoiceChanges />
      {chosen && <TermsCheckbox key={chosen.id} option={chosen} error={validation.errors['installationTerms']} />}
      {chosen && <InstallationFacts option={chosen} />}
    </>
  );
}
