/**
 * Entry of the classic script `dist/ev-charger-configurator.js`: defines every element on load.
 * Loading the script twice is harmless (define() skips names already registered).
 */
import { define } from './define';

define();
