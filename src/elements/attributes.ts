import type { AttributeSpec, ConfiguratorOptions, ContactDetails, OptionsOf, PropertiesOf } from '../services/attribute-contract';
import { CONFIGURATOR_CONTRACT, CONTACT_CONTRACT } from '../services/attribute-contract';

/**
 * The contract's attributes (contract.ts), parsed and validated. A bad value never crashes the
 * element: it becomes an error naming the attribute and what was wrong.
 */
export const CONFIGURATOR_ATTRIBUTES = Object.keys(CONFIGURATOR_CONTRACT) as ConfiguratorAttribute[];
export const CONTACT_ATTRIBUTES = Object.keys(CONTACT_CONTRACT) as (keyof typeof CONTACT_CONTRACT)[];

export type ConfiguratorAttribute = keyof typeof CONFIGURATOR_CONTRACT;
export type RawAttributes = Partial<Record<ConfiguratorAttribute, string | undefined>>;

export type { ConfiguratorOptions, ContactDetails };
/** The properties the element base defines, one per attribute, typed from the contract (the class types `catalog`, which also takes an object). */
export type ConfiguratorProperties = Omit<PropertiesOf<typeof CONFIGURATOR_CONTRACT>, 'catalog'>;
export type ContactProperties = PropertiesOf<typeof CONTACT_CONTRACT>;
export type CartMode = ConfiguratorOptions['cart'];

export interface AttributeError {
  attribute: string;
  message: string;
  /** The contract's `fatal`: the value leaves nothing safe to show, so the element shows its error panel. */
  fatal?: true | undefined;
}

/** The attribute name of a camelCase property (`shopDomain` → `shop-domain`). */
export const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** `text` as the option's value, or undefined when the attribute's kind refuses it. */
function valueOf(spec: AttributeSpec, text: string, base: string): string | undefined {
  if (spec.kind === 'url') {
    try {
      const parsed = new URL(text, base);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.href.replace(/\/$/, '');
    } catch {
      // refused below
    }
    return undefined;
  }
  return (spec.kind === 'one-of' ? spec.values.includes(text) : spec.pattern.test(text) && !(spec.oldest && text < spec.oldest)) ? text : undefined;
}

/** What `String(value)` makes of an object: never a value any attribute takes. */
const OBJECT_AS_TEXT = /^\[object [A-Za-z]+\]$/;

/** The one loop over a contract: each attribute's value, its default when absent or bad, and an error when bad. */
function parseContract<C extends Readonly<Record<string, AttributeSpec>>>(
  contract: C,
  raw: Partial<Record<keyof C, string | undefined>>,
  base: string,
  errors: AttributeError[],
): OptionsOf<C> {
  const options: Record<string, string | undefined> = {};
  for (const [name, spec] of Object.entries<AttributeSpec>(contract)) {
    const text = raw[name as keyof C]?.trim();
    // A framework that sets an object before the element is defined may write it as the attribute.
    if (text && OBJECT_AS_TEXT.test(text)) {
      const attribute = kebab(name);
      errors.push({ attribute, message: `${attribute}="${text}" is an object written as text: set the element's ${name} property instead`, fatal: spec.fatal });
      options[spec.option ?? name] = spec.default ? valueOf(spec, spec.default, base) : undefined;
      continue;
    }
    const value = text ? valueOf(spec, text, base) : undefined;
    if (text && value === undefined) {
      const attribute = kebab(name);
      const wanted =
        spec.kind === 'url' ? 'a valid http(s) URL' : `valid: ${spec.kind === 'one-of' ? `use ${spec.values.map((allowed) => `"${allowed}"`).join(' or ')}` : `expected ${spec.expected}`}`;
      errors.push({ attribute, message: `${attribute}="${text}" is not ${wanted}`, fatal: spec.fatal });
    }
    options[spec.option ?? name] = value ?? (spec.default ? valueOf(spec, spec.default, base) : undefined);
  }
  return options as OptionsOf<C>;
}

/** Parses the raw attribute strings; `base` resolves relative URLs (the page's base URI). */
export function parseConfiguratorAttributes(raw: RawAttributes, base: string): { options: ConfiguratorOptions; errors: AttributeError[] } {
  const errors: AttributeError[] = [];
  const options = parseContract(CONFIGURATOR_CONTRACT, raw, base, errors);
  // Present but empty: no image CDN at all (the default is the demo's stand-in), so the preview is drawn.
  if (raw.imageCdn?.trim() === '') options.imageCdn = '';
  return { options, errors };
}

/** The Contact Us lines (shared by both elements); a line without a value is hidden. */
export function parseContactDetails(raw: Partial<Record<keyof typeof CONTACT_CONTRACT, string | undefined>>, base: string, errors: AttributeError[]): ContactDetails {
  return parseContract(CONTACT_CONTRACT, raw, base, errors);
}
