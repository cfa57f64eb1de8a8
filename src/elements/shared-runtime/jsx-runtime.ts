// Stands in for 'react/jsx-runtime' in the on-demand wizard build: the host script's JSX runtime.
import { hostRuntime } from './host';

export const { Fragment, jsx, jsxs } = hostRuntime().jsxRuntime;
