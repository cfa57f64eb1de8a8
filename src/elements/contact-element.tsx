import { lazy, useEffect } from 'react';
import { emit } from '../app/events';
import { NoticeList } from '../ui/ErrorPanel';
import { CONTACT_STYLES } from '../ui/styles';
import type { ContactProperties } from './attributes';
import { CONTACT_ATTRIBUTES } from './attributes';
import { elementBase } from './element-base';

/**
 * What the element renders (contact-root.tsx) is a file of the module graph it imports as it first
 * renders: the configurator never shows the block, so a page without this element never loads it.
 */
const ContactRoot = lazy(() => import('./contact-root').catch(notLoaded));

/** What the element shows when that file did not arrive: a word for the buyer, and evc-error for the page. */
function notLoaded(error: unknown) {
  const message = `${NOT_LOADED} (${(error as Error | null)?.message || 'The network failed'})`;
  return {
    default: function NotLoaded({ container }: { container?: HTMLElement }) {
      const host = (container as unknown as ShadowRoot).host;
      useEffect(() => {
        emit(host, 'evc-error', { code: 'contact-load-failed', message });
      }, [host]);
      return <NoticeList messages={[NOT_LOADED]} />;
    },
  };
}

const NOT_LOADED = 'The contact details could not be loaded. Please reload the page.';

const Base = elementBase(ContactRoot, CONTACT_ATTRIBUTES, CONTACT_STYLES);

/** The attribute properties the element base defines at run time, typed from the contract (contract.ts). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the element base defines these properties, which TypeScript cannot see
export interface EvChargerContact extends ContactProperties {}

/**
 * `<ev-charger-contact>`: the Contact Us screen on its own (CONTACT-2). Its events, parts and custom
 * properties are documented in src/elements/manifest.ts (custom-elements.json).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- merged with the interface above
export class EvChargerContact extends Base {}
