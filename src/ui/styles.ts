import base from './base.css';
import controls from './controls.css';
import page from './page.css';
import preview from './preview.css';
import viewer from './viewer.css';

/**
 * Every stylesheet the configurator adopts, in cascade order. Each UI area keeps its CSS in its own
 * file and adds it here; the element adopts them as constructable stylesheets.
 */
export const CONFIGURATOR_STYLES: readonly string[] = [base, viewer, controls, preview, page];

/** The contact element needs only the base sheet. */
export const CONTACT_STYLES: readonly string[] = [base];
