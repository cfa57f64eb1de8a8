// A React 18 app (React 18 from this folder's own node_modules): the element comes from the classic
// script tag on its page (test/hosts/build.mjs), which may define it after this first render.
import { createRoot } from 'react-dom/client';
import { App } from './app.jsx';

createRoot(document.getElementById('root')).render(<App />);
