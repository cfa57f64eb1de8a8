// Stands in for 'react-dom/client' in the on-demand wizard build: the host script's renderer.
import { hostRuntime } from './host';

export const { createRoot, hydrateRoot } = hostRuntime().reactDomClient;
