import { useCallback } from 'react';
import { addOn, hookItem } from '../../domain/configuration';
import { formatPence } from '../../domain/money';
import { ColourPicker } from '../ColourPicker';
import { Preview } from '../Preview';
import { useUiOptions } from '../options-context';
import { useConfigurator } from '../store-context';
import type { StepProps } from './types';
import { useWizardChoice } from './use-wizard-choice';

/** Compact, so the swatches start on the same screen (PREVIEW-7: 200 by 250 times the scale). */
const HOOK_PREVIEW_SCALE = 0.8;

/**
 * STEP-8: the 11 hook colours as the radio group "Cable hook colour", each
 * metallic colour with what it adds (hook £49, metallic hook finish £54); a colour whose
 * hook item the shop cannot sell is disabled.
 */
export function HookStep(_props: StepProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const selected = useConfigurator((state) => state.configuration.hookColour);
  const { unavailable, choose } = useWizardChoice();
  const onSelect = useCallback((colour: string) => choose({ type: 'chooseHookColour', colour }), [choose]);
  const { imageCdn } = useUiOptions();
  const photoUrl = useCallback((path: string) => imageCdn && `${imageCdn.replace(/\/+$/, '')}/${path}.png?width=80&height=80`, [imageCdn]);
  const plain = addOn(catalogue, 'hook');
  const metallic = addOn(catalogue, 'metallic_hook');
  // Small screens have no preview beside the step: the hook's colour is seen here as it is chosen.
  const smallScreen = useConfigurator((state) => state.smallScreen);
  return (
    <>
      {smallScreen && <Preview scale={HOOK_PREVIEW_SCALE} />}
      <p>
        The {plain.name.toLowerCase()} is {formatPence(plain.price)}; in a metallic colour it is {formatPence(metallic.price)}.
      </p>
      <ColourPicker
        label="Cable hook colour"
        part="hook-picker"
        sections={[{ colours: catalogue.colours.hook }]}
        selected={selected}
        onSelect={onSelect}
        surcharge={(id) => hookItem(catalogue, { hookColour: id }).price - plain.price}
        photoUrl={photoUrl}
        unavailable={(id) => unavailable({ type: 'chooseHookColour', colour: id })}
      />
    </>
  );
}
