/** `@docusaurus/Interpolate` as its own module (its default export). */
export { Interpolate as default, interpolate } from './translate.js';
