// The server half of the server-rendered fixture: the React 19 app as HTML.
import { renderToString } from 'react-dom/server';
import { App } from '../react19/app.jsx';

export const render = () => renderToString(<App viaRef />);
