import { useDeferredValue, useMemo } from 'react';
import { Configurator, LOADING } from '../app/configurator';
import type { Catalogue } from '../domain/catalogue/schema';
import type { HostMailSender } from '../services/spec-request';
import { CONFIGURATOR_STYLES } from '../ui/styles';
import type { ConfiguratorProperties, RawAttributes } from './attributes';
import { CONFIGURATOR_ATTRIBUTES, parseConfiguratorAttributes } from './attributes';
import { elementBase, propsOf, renderAgain } from './element-base';

/** Props the element base hands over: the attributes, the shadow root, the object form of `catalog` and `mailSender`. */
type RootProps = RawAttributes & { container?: HTMLElement; catalogObject?: unknown; mailSenderFunction?: unknown };

/**
 * The element's first render (a blocking one, the root's) shows the loading line only; the
 * element itself (attributes, catalogue, saved state, the page) is first built in a background
 * render, in slices between which the browser stays responsive (Total Blocking Time).
 */
function ConfiguratorRoot(props: RootProps) {
  const backgroundPass = !useDeferredValue(true, false);
  return backgroundPass ? LOADING : <ConfiguratorAdapter {...props} />;
}

/** Hands the app (app/configurator.tsx) the element, its attributes parsed and its `catalog` and `mailSender` properties. */
function ConfiguratorAdapter(props: RootProps) {
  const host = (props.container as unknown as ShadowRoot).host as HTMLElement;
  const base = host.ownerDocument.baseURI;
  const attributeKey = CONFIGURATOR_ATTRIBUTES.map((name) => `${props[name]}`).join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- attributeKey stands for every attribute
  const { options, errors } = useMemo(() => parseConfiguratorAttributes(props, base), [attributeKey, base]);
  const mailSender = typeof props.mailSenderFunction === 'function' ? (props.mailSenderFunction as HostMailSender) : undefined;
  return <Configurator host={host} options={options} errors={errors} catalogObject={props.catalogObject} mailSender={mailSender} />;
}

const Base = elementBase(ConfiguratorRoot, CONFIGURATOR_ATTRIBUTES, CONFIGURATOR_STYLES);

/** The attribute properties the element base defines at run time, typed from the contract (contract.ts). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the element base defines these properties, which TypeScript cannot see
export interface EvChargerConfigurator extends ConfiguratorProperties {}

/**
 * `<ev-charger-configurator>`: the configurator and ordering wizard. Its events, parts and custom
 * properties are documented in src/elements/manifest.ts (custom-elements.json).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- merged with the interface above
export class EvChargerConfigurator extends Base {
  /** The host page's own sender of specification requests, used instead of `mail-endpoint`. */
  get mailSender(): HostMailSender | undefined {
    const value = propsOf(this)['mailSenderFunction'];
    return typeof value === 'function' ? (value as HostMailSender) : undefined;
  }

  set mailSender(value: HostMailSender | undefined) {
    propsOf(this)['mailSenderFunction'] = typeof value === 'function' ? value : undefined;
    if (this.isConnected) renderAgain(this);
  }

  /** A catalogue URL (string, mirrored to the attribute) or a catalogue object (validated). */
  get catalog(): string | Catalogue | undefined {
    return (propsOf(this)['catalogObject'] as Catalogue | undefined) ?? this.getAttribute('catalog') ?? undefined;
  }

  set catalog(value: string | Catalogue | undefined) {
    const bag = propsOf(this);
    if (typeof value === 'string') {
      bag['catalogObject'] = undefined;
      this.setAttribute('catalog', value);
      return;
    }
    bag['catalogObject'] = value ?? undefined;
    if (value === undefined || value === null) this.removeAttribute('catalog');
    if (this.isConnected) renderAgain(this);
  }
}
