// Stands in for 'react-dom' in the on-demand wizard build: the host script's ReactDOM.
import { hostRuntime } from './host';

const ReactDOM = hostRuntime().reactDom;
export default ReactDOM;
export const { createPortal, flushSync, version } = ReactDOM;
