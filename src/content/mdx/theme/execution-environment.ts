/** `@docusaurus/ExecutionEnvironment` as its own module (its default export). */
export { ExecutionEnvironment as default } from './browser-hooks.js';
