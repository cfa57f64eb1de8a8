export { define } from './elements/define';
