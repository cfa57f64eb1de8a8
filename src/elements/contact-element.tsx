import { lazy } from 'react';
import { CONTACT_STYLES } from '../ui/styles';
import type { ContactProperties } from './attributes';
import { CONTACT_ATTRIBUTES } from './attributes';
import { elementBase } from './element-base';

/**
 * What the element renders (contact-root.tsx) is a file of the module graph it imports as it first
 * renders: the configurator never shows the block, so a page without this element never loads it.
 */
const ContactRoot = lazy(() => import('./contact-root'));

const Base = elementBase(ContactRoot, CONTACT_ATTRIBUTES, CONTACT_STYLES);

/** The attribute properties the element base defines at run time, typed from the contract (contract.ts). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the element base defines these properties, which TypeScript cannot see
export interface EvChargerContact extends ContactProperties {}

/**
 * `<ev-charger-contact>`: the Contact Us screen on its own (spec §2). Its events, parts and custom
 * properties are documented in src/elements/manifest.ts (custom-elements.json).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- merged with the interface above
export class EvChargerContact extends Base {}
